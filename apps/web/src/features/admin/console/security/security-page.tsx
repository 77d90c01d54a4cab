import { TOTP_CODE_PATTERN, TOTP_DIGITS, TOTP_STEP_SECONDS } from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Button } from '../../../../components/ui/button';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useAdminMe } from '../../api/admin-me';
import { useConfirmTotp, useEnrollTotp } from '../api/totp';
import { TextField } from '../components/field';
import { QueryState } from '../components/query-state';
import { ScreenHeader } from '../components/table';
import { TitledSection } from '../components/titled-section';
import { MySessions } from './my-sessions';
import { CopySecret } from '../components/copy-secret';
import { RecoveryCodes } from './recovery-codes';
import { TelegramAlerts } from './telegram-alerts';

/** The operator's own account: who they are, and their authenticator app (set up with a QR code). */
export function SecurityPage() {
  const { t } = useTranslation('console');
  const me = useAdminMe();
  // Held here, not in the enrolment form: turning the app on refetches the operator, and the page
  // then swaps the form for "on" before a callback of the form could show the codes.
  const confirm = useConfirmTotp();
  const recoveryCodes = confirm.data?.recoveryCodes ?? null;
  if (!me.data) return <QueryState error={me.error} onRetry={() => void me.refetch()} />;
  const { operator, totpRequired } = me.data;
  return (
    <>
      <ScreenHeader title={t('security.title')} />
      <div className="flex flex-col gap-6">
        <p className="text-sm text-slate-700">
          {t('security.who', { name: operator.name, role: t(`roles.${operator.role}`) })}
        </p>
        {totpRequired && !operator.totpEnabled && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {t('security.required')}
          </p>
        )}
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} />
        ) : operator.totpEnabled ? (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">{t('security.enabled')}</p>
        ) : (
          <Enrolment confirm={confirm} />
        )}
        <MySessions />
        <TelegramAlerts />
      </div>
    </>
  );
}

function Enrolment({ confirm }: { confirm: ReturnType<typeof useConfirmTotp> }) {
  const { t } = useTranslation('console');
  const enroll = useEnrollTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const url = enroll.data?.otpauth_url;

  useEffect(() => {
    if (!url) return;
    let current = true;
    // SVG needs no canvas, and an <img> of it is a picture, nothing that runs.
    void QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (current) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [url]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!TOTP_CODE_PATTERN.test(code.trim())) return setError(t('security.codeInvalid', { digits: TOTP_DIGITS }));
    setError(null);
    confirm.mutate(code.trim(), { onError: (failure) => setError(apiErrorText(failure)) });
  }

  return (
    <TitledSection title={t('security.setup.title')}>
      <p className="mt-2 text-sm text-slate-700">
        {t('security.setup.intro', { digits: TOTP_DIGITS, seconds: TOTP_STEP_SECONDS })}
      </p>
      {!enroll.data ? (
        <div className="mt-3">
          <Button type="button" onClick={() => enroll.mutate()} disabled={enroll.isPending}>
            {t('security.setup.start')}
          </Button>
          {enroll.error && <p className="mt-3 text-sm text-red-700">{apiErrorText(enroll.error)}</p>}
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-4">
          {qr && <img src={qr} alt={t('security.setup.qrAlt')} width={200} height={200} className="size-50" />}
          <div>
            <p className="text-sm text-slate-700">{t('security.setup.manual')}</p>
            <code data-testid="totp-secret" className="mt-1 block font-mono text-sm break-all text-slate-900">
              {enroll.data.secret}
            </code>
            <CopySecret item={t('copySecret.key')} value={enroll.data.secret} />
          </div>
          <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
            <TextField
              label={t('security.setup.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onValue={setCode}
              error={error}
              inputClassName="w-36"
            />
            <SubmitButton pending={confirm.isPending}>{t('security.setup.confirm')}</SubmitButton>
          </form>
        </div>
      )}
    </TitledSection>
  );
}
