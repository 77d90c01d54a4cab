import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { followLanguage, isLanguage } from '../../../lib/i18n';
import { useApiKey } from '../../../lib/session';
import { useConfirmEmail } from '../api/notices';

/**
 * The page an e-mail's confirmation link opens, signed in or not. Opening it confirms nothing: the
 * visitor presses the button (a POST), so a mail scanner that fetches the link, or even runs its
 * script, cannot confirm an address for someone who never asked for it. The link carries the
 * language the mail was written in (`lang`), and the page answers in it.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  // Kept from the first render: the token leaves the address bar once used.
  const [token] = useState(() => params.get('token') ?? '');
  const language = params.get('lang');
  const signedIn = useApiKey() !== null;
  const confirm = useConfirmEmail();

  useEffect(() => {
    // Shown in the mail's language without making it this browser's saved choice.
    if (isLanguage(language)) void followLanguage(language);
  }, [language]);
  useEffect(() => {
    document.title = t('confirmEmail.title');
  }, [t]);

  const settled = confirm.isSuccess || confirm.isError;
  const tokenShown = params.has('token');
  useEffect(() => {
    // An effect rather than mutate's onSettled: React Query drops a mutate call's own callbacks
    // when its observer is re-created first, and the token would then stay in the address bar.
    if (settled && tokenShown) {
      setParams(
        (current) => {
          current.delete('token');
          return current;
        },
        { replace: true },
      );
    }
  }, [settled, tokenShown, setParams]);

  const press = () => confirm.mutate(token);

  const invalid = !token || (isApiError(confirm.error) && confirm.error.code === 'EMAIL_TOKEN_INVALID');
  let heading = t('confirmEmail.title');
  let text = t('confirmEmail.hint');
  if (confirm.isSuccess) {
    heading = t('confirmEmail.done');
    text = t('confirmEmail.doneHint');
  } else if (invalid) {
    heading = t('confirmEmail.invalid');
    text = t('confirmEmail.invalidHint');
  }
  // Signed out, the header already offers the way in; signed in, the account is where the topics are chosen.
  const onwards = signedIn && (
    <p className="mt-6">
      <Link to="/account" className="font-medium text-brand-700 underline hover:text-brand-900">
        {t('confirmEmail.toAccount')}
      </Link>
    </p>
  );

  return (
    <div className="flex justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm" data-testid="confirm-email">
        <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
        <p className="mt-3 text-slate-600" role="status">
          {text}
        </p>
        {!confirm.isSuccess && !invalid && (
          <>
            {confirm.isError && (
              <p className="mt-3 text-red-700" role="alert">
                {t('notices.failed')}
              </p>
            )}
            <Button className="mt-6 w-full" onClick={press} disabled={confirm.isPending}>
              {confirm.isPending ? t('confirmEmail.pressing') : t('confirmEmail.press')}
            </Button>
          </>
        )}
        {(confirm.isSuccess || invalid) && onwards}
      </div>
    </div>
  );
}
