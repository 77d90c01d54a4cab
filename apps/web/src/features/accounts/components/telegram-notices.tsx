import type { Language } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/ui/button';
import { serverErrorText } from '../../../lib/api-error-text';
import { useLinkTelegram, useNoticeSettings, useUnlinkTelegram } from '../api/notices';

/** While a link is shown, the chat is linked in Telegram, not here: the page looks this often. */
const LINK_POLL_MS = 3_000;

/** Connect Telegram: a one-time deep link to the shop's bot, or the linked chat's Disconnect. */
export function TelegramNotices({ available, linked }: { available: boolean; linked: boolean }) {
  const { t, i18n } = useTranslation('account');
  const [url, setUrl] = useState<string | null>(null);
  const link = useLinkTelegram();
  const unlink = useUnlinkTelegram();
  useNoticeSettings({ pollMs: url && !linked ? LINK_POLL_MS : undefined });
  const failed = (error: unknown) => toast.error(serverErrorText(error) ?? t('notices.failed'));

  if (!available) return <p className="mt-2 text-sm text-slate-600">{t('notices.telegram.unavailable')}</p>;
  if (linked) {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700">{t('notices.telegram.linked')}</p>
        <Button
          variant="secondary"
          disabled={unlink.isPending}
          onClick={() =>
            unlink.mutate(undefined, {
              onSuccess: () => {
                setUrl(null);
                toast.success(t('notices.telegram.disconnected'));
              },
              onError: failed,
            })
          }
        >
          {t('notices.telegram.disconnect')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-2 flex flex-col gap-3">
      <div>
        <Button
          disabled={link.isPending}
          onClick={() => link.mutate(i18n.language as Language, { onSuccess: setUrl, onError: failed })}
        >
          {t('notices.telegram.connect')}
        </Button>
      </div>
      {url && (
        <div className="flex flex-col gap-2" data-testid="telegram-link">
          <p className="text-sm text-slate-600">{t('notices.telegram.linkHint')}</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all">{url}</code>
            <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
              {t('notices.telegram.open')}
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
