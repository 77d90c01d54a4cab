import {
  ipAuthEntryIssue,
  MAX_IP_AUTH_ADDRESSES,
  MIN_EMBEDDED_IPV4_PREFIX,
  MIN_IPV4_PREFIX,
  MIN_IPV6_PREFIX,
  normalizeIpAuthList,
  type HistoryRecord,
} from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { SubmitButton } from '../../../components/ui/submit-button';
import { inputClass } from '../../../components/ui/input-class';
import { Labelled } from '../../../components/ui/labelled';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSetIpAuth } from '../api/set-ip-auth';
import { CopyRow } from './copy-row';
import { ManageSection } from './manage-section';

/** `host:port` of the rental's own port, bracketing an IPv6 host. */
const ownAddress = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * IP authorization: up to five addresses of the customer's servers may use the proxy
 * without a password on a port of its own, which is what browsers need (Chromium has no SOCKS5
 * password support). Entries are checked here with the server's own rules before sending.
 */
export function IpAuthSection({
  record,
  onChanged,
  onCopy,
}: {
  record: HistoryRecord;
  onChanged: () => void;
  onCopy: (text: string) => void;
}) {
  const { t } = useTranslation('rentals');
  const [text, setText] = useState((record.ip_auth?.ips ?? []).join('\n'));
  const [shown, setShown] = useState(record.ip_auth);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetIpAuth({
    mutationConfig: {
      onSuccess: (answer) => {
        setShown(answer.ip_auth);
        setText((answer.ip_auth?.ips ?? []).join('\n'));
        toast.success(t(answer.ip_auth ? 'ipAuth.saved' : 'ipAuth.turnedOff'));
        onChanged();
      },
      onError: (error) => setProblem(t('ipAuth.failed', { cause: apiErrorText(error) })),
    },
  });

  /** The first thing wrong with the list, in the reader's language; null when it can be sent. */
  const check = (ips: string[]): string | null => {
    if (ips.length > MAX_IP_AUTH_ADDRESSES) return t('ipAuth.tooMany', { max: MAX_IP_AUTH_ADDRESSES });
    for (const entry of ips) {
      const found = ipAuthEntryIssue(entry);
      if (!found) continue;
      if (found.issue === 'too-wide') {
        return t('ipAuth.tooWide', { entry, prefix: found.family === 4 ? MIN_IPV4_PREFIX : MIN_IPV6_PREFIX });
      }
      if (found.issue === 'ipv4-space') {
        return t('ipAuth.ipv4Space', { entry, mappedPrefix: MIN_EMBEDDED_IPV4_PREFIX, ipv4Prefix: MIN_IPV4_PREFIX });
      }
      if (found.issue === 'ipv4-compatible') return t('ipAuth.ipv4Compatible', { entry });
      return t('ipAuth.invalid', { entry });
    }
    return null;
  };

  const submit = (ips: string[]) => {
    const wrong = check(ips);
    setProblem(wrong);
    if (!wrong) save.mutate({ proxyId: record.id, ips });
  };
  const entries = () => normalizeIpAuthList(text.split(/[\s,]+/).filter((entry) => entry !== ''));

  return (
    <ManageSection id="manage-ip-auth" title={t('ipAuth.title')}>
      <p className="text-sm text-slate-600">
        {t('ipAuth.explain', {
          max: MAX_IP_AUTH_ADDRESSES,
          ipv4Prefix: MIN_IPV4_PREFIX,
          ipv6Prefix: MIN_IPV6_PREFIX,
        })}
      </p>
      {shown && (
        <CopyRow
          label={t('ipAuth.port')}
          text={ownAddress(record.proxy_ip, shown.port)}
          copyLabel={t('ipAuth.copyPort')}
          copyText={t('history.copy')}
          onCopy={onCopy}
        />
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit(entries());
        }}
      >
        <Labelled
          label={t('ipAuth.label', { max: MAX_IP_AUTH_ADDRESSES })}
          id="manage-ip-auth-list"
          className="text-sm font-medium text-slate-700"
        >
          {(id) => (
            <textarea
              id={id}
              value={text}
              rows={3}
              spellCheck={false}
              autoCapitalize="off"
              placeholder="203.0.113.7"
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'manage-ip-auth-problem' : undefined}
              onChange={(event) => setText(event.target.value)}
              className={inputClass('font-mono text-sm')}
            />
          )}
        </Labelled>
        {problem && (
          <p id="manage-ip-auth-problem" role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {shown && (
            <Button variant="secondary" size="sm" disabled={save.isPending} onClick={() => submit([])}>
              {t('ipAuth.turnOff')}
            </Button>
          )}
          <SubmitButton variant="secondary" size="sm" pending={save.isPending}>
            {t('ipAuth.save')}
          </SubmitButton>
        </div>
      </form>
    </ManageSection>
  );
}
