import { MAX_PROXY_CONNECTIONS, MAX_PROXY_SOURCE_IPS, type InventoryRow } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { inputClass } from '../../../../components/ui/input-class';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useSetProxyLimit, type ProxyLimit } from '../api/set-proxy-limit';

const MAXIMUM: Record<ProxyLimit, number> = {
  maxConnections: MAX_PROXY_CONNECTIONS,
  maxSourceIps: MAX_PROXY_SOURCE_IPS,
};

/** Empty: the shop default; a whole number from 0 (unlimited) up; anything else: not valid. */
function parseLimit(text: string, max: number): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value <= max ? value : 'invalid';
}

/**
 * One of a proxy's own limits on a rental, editable in its row: connections at once
 * (RENTAL_MAX_CONNECTIONS) or client addresses (RENTAL_MAX_SOURCE_IPS); empty for the shop's
 * default, 0 for unlimited.
 */
export function ProxyLimitCell({ row, field }: { row: InventoryRow; field: ProxyLimit }) {
  const { t } = useTranslation('console');
  const current = row[field];
  const max = MAXIMUM[field];
  const [text, setText] = useState(current === null ? '' : String(current));
  const [invalid, setInvalid] = useState(false);
  const save = useSetProxyLimit(field, {
    mutationConfig: {
      onError: (error) => toast.error(t(`inventory.${field}.failed`, { id: row.id, reason: apiErrorText(error) })),
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseLimit(text, max);
    setInvalid(value === 'invalid');
    if (value === 'invalid') return;
    save.mutate(
      { id: row.id, value },
      { onSuccess: () => toast.success(t(`inventory.${field}.saved`, { id: row.id })) },
    );
  };
  const errorId = `${field}-${row.id}-error`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      {/* On a phone Save goes under the field: beside it, the form was wider than what a 375 px
          window shows of the table beside its pinned actions, in Russian, Spanish and French. The
          field is as wide as its longest placeholder ("по умолчанию") needs: a narrower one cut
          the placeholders off. */}
      <div className="flex flex-wrap items-center gap-1 md:flex-nowrap">
        <input
          className={inputClass('w-32 text-sm tabular-nums')}
          inputMode="numeric"
          value={text}
          placeholder={t(`inventory.${field}.default`)}
          aria-label={t(`inventory.${field}.label`, { id: row.id })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <SubmitButton variant="secondary" size="sm" pending={save.isPending}>
          {t(`inventory.${field}.save`)}
        </SubmitButton>
      </div>
      {invalid && (
        <p id={errorId} className="text-xs text-red-700">
          {t(`inventory.${field}.invalid`, { max })}
        </p>
      )}
      {!invalid && current === 0 && <span className="text-xs text-slate-600">{t(`inventory.${field}.unlimited`)}</span>}
    </form>
  );
}
