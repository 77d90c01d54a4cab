import type { ExportChoiceInput } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { copyText } from '../../../lib/copy-text';
import { toastOutcome } from '../../../lib/toast-outcome';
import { useCreateExportLink } from '../api/create-export-link';
import { useExportLinks } from '../api/get-export-links';
import { rentalKeys } from '../api/keys';
import { useRevokeExportLink } from '../api/revoke-export-link';

/**
 * Pull links: a secret URL that answers the connected proxies as plain text, for tools
 * that load proxy lists from a URL. The URL is shown once, when it is made; the list tells links
 * apart by their first characters, and each can be revoked.
 */
export function PullLinks({ choice }: { choice: ExportChoiceInput | null }) {
  const { t } = useTranslation('rentals');
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  // Revoking breaks the tools that load the link: the first click asks, the second revokes.
  const [confirming, setConfirming] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const links = useExportLinks();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: rentalKeys.exportLinks() });
  const create = useCreateExportLink({
    mutationConfig: {
      onSuccess: (answer) => {
        setCreated(answer.url);
        refresh();
      },
      onError: (error) => toast.error(t('pull.failed', { cause: apiErrorText(error) })),
    },
  });
  const revoke = useRevokeExportLink({
    mutationConfig: toastOutcome(
      () => t('pull.revoked'),
      (error) => t('pull.failed', { cause: apiErrorText(error) }),
      refresh,
    ),
  });

  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(t('copy.copied'));
    else toast.error(t('copy.failed'));
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('pull.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setCreated(null);
        }}
        title={t('pull.title')}
        description={t('pull.description')}
        closeLabel={t('dialog.close')}
      >
        <Button
          className="self-start"
          disabled={!choice || create.isPending}
          onClick={() => choice && create.mutate(choice)}
        >
          {t('pull.create')}
        </Button>
        {created && (
          <div role="status" className="flex flex-col gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            <p>{t('pull.createdOnce')}</p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 break-all">{created}</code>
              <Button variant="secondary" size="sm" onClick={() => void copy(created)}>
                {t('history.copy')}
              </Button>
            </div>
          </div>
        )}
        {links.data && links.data.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {links.data.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center gap-2 text-sm">
                <code className="rounded bg-slate-100 px-2 py-1">{`${link.hint}…`}</code>
                <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-700">
                  {link.template ?? link.format}
                </span>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={t(confirming === link.id ? 'pull.confirmRevokeLink' : 'pull.revokeLink', {
                    hint: link.hint,
                  })}
                  onClick={() => (confirming === link.id ? revoke.mutate(link.id) : setConfirming(link.id))}
                >
                  {confirming === link.id ? t('pull.confirmRevoke') : t('pull.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{links.isPending ? t('loading') : t('pull.none')}</p>
        )}
      </Dialog>
    </>
  );
}
