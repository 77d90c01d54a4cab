import { MAX_PROXY_CONNECTIONS, type InventoryRow } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { inputClass } from '../../../../components/ui/input-class';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useSetMaxConnections } from '../api/set-max-connections';

/** Empty: the shop default; a whole number from 0 (unlimited) up; anything else: not valid. */
function parseCap(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= MAX_PROXY_CONNECTIONS ? value : 'invalid';
}

/**
 * A proxy's cap on one rental's concurrent connections, editable in its row: empty for the
 * shop's default (RENTAL_MAX_CONNECTIONS), 0 for unlimited.
 */
export function MaxConnectionsCell({ row }: { row: InventoryRow }) {
  const { t } = useTranslation('console');
  const [text, setText] = useState(row.maxConnections === null ? '' : String(row.maxConnections));
  const [invalid, setInvalid] = useState(false);
  const save = useSetMaxConnections({
    mutationConfig: {
      onError: (error) =>
        toast.error(t('inventory.maxConnections.failed', { id: row.id, reason: apiErrorText(error) })),
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cap = parseCap(text);
    setInvalid(cap === 'invalid');
    if (cap === 'invalid') return;
    save.mutate(
      { id: row.id, maxConnections: cap },
      { onSuccess: () => toast.success(t('inventory.maxConnections.saved', { id: row.id })) },
    );
  };
  const errorId = `max-connections-${row.id}-error`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <input
          className={inputClass('w-20 px-2 py-1 tabular-nums')}
          inputMode="numeric"
          value={text}
          placeholder={t('inventory.maxConnections.default')}
          aria-label={t('inventory.maxConnections.label', { id: row.id })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" className="px-2 py-1" disabled={save.isPending}>
          {t('inventory.maxConnections.save')}
        </Button>
      </div>
      {invalid && (
        <p id={errorId} className="text-xs text-red-700">
          {t('inventory.maxConnections.invalid', { max: MAX_PROXY_CONNECTIONS })}
        </p>
      )}
      {!invalid && row.maxConnections === 0 && (
        <span className="text-xs text-slate-600">{t('inventory.maxConnections.unlimited')}</span>
      )}
    </form>
  );
}
