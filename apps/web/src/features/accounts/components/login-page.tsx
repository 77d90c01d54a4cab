import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { linkClass } from '../../../components/ui/link-class';
import { SecretField } from '../../../components/ui/secret-field';
import { errorTexts } from '../../../lib/i18n';
import { AppLink as Link, useAppNavigate } from '../../../lib/nav';
import { startSession } from '../../../lib/session';
import type * as LoginFlow from '../api/login-flow';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useAppNavigate();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function logIn(usedKey: string) {
    setPending(true);
    // The API client, its schemas and the errors' texts load on the first submit, not with the page.
    let flow: typeof LoginFlow;
    try {
      [flow] = await Promise.all([import('../api/login-flow'), errorTexts()]);
    } catch {
      setError(t('login.failed'));
      setPending(false);
      return;
    }
    try {
      const answer = await flow.login({ key: usedKey });
      startSession(usedKey, answer.referral_key);
      flow.prefetchWallet();
      // There is no /dashboard route; /proxy (the catalogue) is the signed-in home.
      navigate('/proxy', { replace: true });
      void flow.toastSuccess(t('common:toast.loggedIn'));
    } catch (failure) {
      setError(flow.loginErrorText(failure));
    } finally {
      setPending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) {
      void errorTexts().then((errorsT) => setError(errorsT('codes.API_KEY_REQUIRED')));
      return;
    }
    setError(null);
    void logIn(trimmed);
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
          <Button type="submit" disabled={pending}>
            {pending ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          {t('login.noAccount')}{' '}
          <Link to="/signup" className={linkClass}>
            {t('login.signupLink')}
          </Link>
        </p>
      </div>
    </div>
  );
}
