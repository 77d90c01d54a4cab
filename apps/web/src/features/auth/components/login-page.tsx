import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { SecretField } from '../../../components/ui/secret-field';
import { startSession } from '../../../lib/session';
import { getWalletQueryOptions } from '../../account/api/get-wallet';
import { useLogin } from '../api/login';
import { loginErrorText } from '../lib/login-error';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);

  const loginMutation = useLogin({
    mutationConfig: {
      onSuccess: (answer, { key: usedKey }) => {
        startSession(usedKey, answer.referral_key);
        // Spec section 4: after login the wallet is loaded (the catalogue and history screens load theirs).
        void queryClient.prefetchQuery(getWalletQueryOptions());
        // The spec's /dashboard is not among its routes; /proxy is the signed-in home (issue 6).
        navigate('/proxy', { replace: true });
        toast.success(t('common:toast.loggedIn'));
      },
      onError: (failure) => setError(loginErrorText(failure)),
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) {
      setError(t('errors:codes.API_KEY_REQUIRED'));
      return;
    }
    setError(null);
    loginMutation.mutate({ key: trimmed });
  }

  return (
    <div className="flex justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm">
        <img src="/favicon.svg" alt={t('common:brand')} width={48} height={48} className="mx-auto" />
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">{t('login.title')}</h1>
        <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-3">
          <SecretField
            label={t('login.keyLabel')}
            value={key}
            onChange={setKey}
            error={error}
            placeholder={t('login.keyPlaceholder')}
          />
          <Button type="submit" disabled={loginMutation.isPending}>
            {loginMutation.isPending ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          {t('login.noAccount')}{' '}
          <Link to="/signup" className="font-semibold text-brand-700 underline">
            {t('login.signupLink')}
          </Link>
        </p>
      </div>
    </div>
  );
}
