import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { SecretField } from '../../../components/ui/secret-field';
import { Toaster } from '../../../components/ui/toaster';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { inputClass } from '../../../components/ui/input-class';
import { isApiError } from '../../../lib/api-error';
import { apiErrorText } from '../../../lib/api-error-text';
import { Field } from '../console/components/field';
import { useInPublicShell } from '../../../lib/nav';
import { adminLogout, useAdminLogin, useAdminVerify } from '../api/admin-auth';
import { adminKeys } from '../api/keys';
import { clearAdminToken, setAdminToken, useAdminToken } from '../lib/admin-session';

/**
 * Every admin screen sits behind this, so no operator data renders without a valid token: without one it asks for the
 * secret code ('Admin Access'); a stored token is verified on load and removed when invalid.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['admin', 'common']);
  const token = useAdminToken();
  const verify = useAdminVerify(token);
  // Reached from a public page's light shell, whose toaster is already mounted.
  const inShell = useInPublicShell();

  useEffect(() => {
    if (token && verify.data === false) clearAdminToken();
  }, [token, verify.data]);

  let content: ReactNode;
  if (!token || verify.data === false) content = <AdminAccess />;
  else if (verify.isPending) content = <PageLoading />;
  else if (verify.isError)
    content = (
      <ErrorWithRetry
        className="mx-auto mt-16 max-w-md"
        message={t('access.verifyFailed')}
        retryLabel={t('access.retry')}
        onRetry={() => void verify.refetch()}
      />
    );
  else content = children;

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      {content}
      {!inShell && <Toaster label={t('common:toast.region')} />}
    </div>
  );
}

function AdminAccess() {
  const { t } = useTranslation(['admin', 'errors']);
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  // Shown once the server says this operator uses an authenticator app.
  const [askTotp, setAskTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const totpInput = useRef<HTMLInputElement>(null);
  const login = useAdminLogin();

  // The code field appears below the secret the operator just typed: the next keystroke belongs there.
  useEffect(() => {
    if (askTotp) totpInput.current?.focus();
  }, [askTotp]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('access.required'));
      return;
    }
    if (askTotp && !totp.trim()) {
      setError(t('access.totpRequired'));
      return;
    }
    setError(null);
    login.mutate(askTotp ? { secretCode: code, totp: totp.trim() } : { secretCode: code }, {
      onSuccess: (answer) => {
        // A fresh login is valid by definition; no need to ask the server again.
        queryClient.setQueryData(adminKeys.verify(answer.token), true);
        setAdminToken(answer.token);
      },
      onError: (failure) => {
        const code = isApiError(failure) ? failure.code : undefined;
        if (code === 'TOTP_REQUIRED' || code === 'TOTP_INVALID') {
          setAskTotp(true);
          totpInput.current?.focus();
        }
        // Being asked for the code is the next step of a right secret, not a mistake.
        setError(code === 'TOTP_REQUIRED' ? null : apiErrorText(failure));
      },
    });
  }

  return (
    <main className="flex justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-bold text-slate-900">{t('access.title')}</h1>
        <form onSubmit={onSubmit} noValidate className="mt-8 flex flex-col gap-3">
          <SecretField label={t('access.label')} value={code} onChange={setCode} error={askTotp ? null : error} />
          {askTotp && (
            <Field
              ref={totpInput}
              label={t('access.totpLabel')}
              autoComplete="one-time-code"
              value={totp}
              onChange={(event) => setTotp(event.target.value)}
              hint={error ? null : t('errors:codes.TOTP_REQUIRED')}
              error={error}
              className={inputClass()}
            />
          )}
          <SubmitButton pending={login.isPending} pendingLabel={t('access.submitting')}>
            {t('access.submit')}
          </SubmitButton>
        </form>
      </div>
    </main>
  );
}

/** Logout: the token goes, and the operator lands on the public news (a page that needs no token). */
export function useAdminLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await adminLogout();
    clearAdminToken();
    queryClient.removeQueries({ queryKey: adminKeys.all });
    navigate('/news');
  };
}
