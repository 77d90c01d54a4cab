import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CopyStatus, useCopyMessage } from '../../../components/copy-status';
import { Button, buttonClass } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { getApiKey, getReferralCode, setReferralCode, startSession } from '../../../lib/session';
import { autoLogin } from '../api/login';
import { register } from '../api/register';

type State =
  { step: 'asking' } | { step: 'working' } | { step: 'done'; apiKey: string } | { step: 'failed'; cause: string };

/**
 * Registration runs by itself: register with the stored referral code, store
 * the key, auto-login, then show the key once. A failed auto-login keeps the key on screen, since
 * it cannot be shown again.
 *
 * A signed-in person opening this page is asked first: a new account replaces the session in this
 * browser, and the old account (with its balance and proxies) is reachable only through its key.
 */
export function SignupPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const queryClient = useQueryClient();
  // Read once: registering starts a session, which must not turn this page back into the question.
  const [state, setState] = useState<State>(() => (getApiKey() ? { step: 'asking' } : { step: 'working' }));
  const { result, copy } = useCopyMessage();

  const run = useCallback(async () => {
    setState({ step: 'working' });
    let apiKey: string;
    try {
      apiKey = await register(getReferralCode());
    } catch (error) {
      setState({ step: 'failed', cause: apiErrorText(error) });
      return;
    }
    queryClient.clear();
    startSession(apiKey);
    setState({ step: 'done', apiKey });
    try {
      const answer = await autoLogin(apiKey);
      setReferralCode(answer.referral_key);
      toast.success(t('signup.success'));
    } catch {
      toast.error(t('signup.autoLoginFailed'));
    }
  }, [t, queryClient]);

  // Once per visit: React's development double-run of effects must not create two accounts.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || state.step === 'asking') return;
    started.current = true;
    void run();
  }, [run, state.step]);

  return (
    <div className="flex justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{t('signup.title')}</h1>
        {state.step === 'asking' && <SignedInQuestion onCreate={() => setState({ step: 'working' })} />}
        {state.step === 'working' && (
          <p role="status" className="mt-6 text-slate-600">
            {t('signup.creating')}
          </p>
        )}
        {state.step === 'failed' && (
          <div role="alert" className="mt-6 flex flex-col items-start gap-4">
            <p className="text-red-700">
              <strong>{t('signup.error')}</strong>: {state.cause}
            </p>
            <Button onClick={() => void run()}>{t('signup.retry')}</Button>
          </div>
        )}
        {state.step === 'done' && (
          <div className="mt-6 flex flex-col gap-4">
            <p className="text-sm font-medium text-slate-800">{t('signup.keyLabel')}</p>
            <div className="flex flex-wrap items-center gap-2">
              <code data-testid="new-api-key" className="rounded-lg bg-slate-100 px-3 py-2 font-mono break-all">
                {state.apiKey}
              </code>
              <Button variant="secondary" onClick={() => void copy(t('signup.itemName'), state.apiKey)}>
                {t('signup.copy')}
              </Button>
            </div>
            <CopyStatus result={result} copiedText={t('signup.copied')} />
            <p className="rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900">
              <span aria-hidden>⚠ </span>
              {t('signup.warning')}
            </p>
            {/* A new account has an empty wallet: the next step is adding funds, not a dashboard. */}
            <Link to="/payment" className={buttonClass('primary', 'self-start')}>
              {t('signup.toPayment')}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * Asked of a visitor who is signed in already: a new account would replace this one in the
 * browser. Its texts are in the account namespace, loaded only here: the sign-in page shares the
 * auth namespace and has a size budget.
 */
function SignedInQuestion({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="mt-6 flex flex-col gap-4" data-testid="signup-signed-in">
      <p className="text-slate-800">{t('signupWhileSignedIn.question')}</p>
      <p className="rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm text-orange-900">
        <span aria-hidden>⚠ </span>
        {t('signupWhileSignedIn.warning')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/proxy" className={buttonClass('primary')}>
          {t('signupWhileSignedIn.back')}
        </Link>
        <Button variant="secondary" onClick={onCreate}>
          {t('signupWhileSignedIn.create')}
        </Button>
      </div>
    </div>
  );
}
