import { AUDIT_ACTION_PATTERN, AUDIT_ACTIONS, AUDIT_FAMILIES } from '@portal/contract';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import type { ControlledProps } from '../../../../components/ui/controlled-props';
import { inputClass } from '../../../../components/ui/input-class';
import type { AuditFilters } from '../api/audit-query';
import { useOperators } from '../api/operators';
import { SelectField, TextField } from '../components/field';
import { useFormFields } from '../components/use-form-fields';

/** What the action field suggests: each family (`proxies`: all of them), then each action. */
const SUGGESTED_ACTIONS = [...AUDIT_FAMILIES, ...AUDIT_ACTIONS];

/** A `datetime-local` value (the browser's time zone) as ISO 8601, or undefined when empty. */
function isoOf(local: string): string | undefined | null {
  if (local.trim() === '') return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * Who, what and when to show. The operator applies at once; the action and the time range when
 * the form is sent, so typing does not ask the server for every letter.
 */
export function AuditFiltersForm({ value: filters, onChange }: ControlledProps<AuditFilters>) {
  const { t } = useTranslation('console');
  const actionList = useId();
  const operators = useOperators();
  const { texts, setErrors, field } = useFormFields({ action: filters.action ?? '', from: '', to: '' });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { action, from, to } = texts;
    const wanted = action.trim().toLowerCase();
    const fromIso = isoOf(from);
    const toIso = isoOf(to);
    // Each field says what is wrong with it, all at once; a range that ends before it starts
    // would only ever show an empty log.
    const found = {
      ...(wanted !== '' && !AUDIT_ACTION_PATTERN.test(wanted) && { action: t('audit.filters.actionInvalid') }),
      ...(fromIso === null && { from: t('audit.filters.timeInvalid') }),
      ...(toIso === null && { to: t('audit.filters.timeInvalid') }),
      ...(fromIso && toIso && fromIso > toIso && { to: t('audit.filters.toBeforeFrom') }),
    };
    setErrors(found);
    if (found.action || found.from || found.to || fromIso === null || toIso === null) return;
    onChange({ ...filters, action: wanted || undefined, from: fromIso, to: toIso });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mb-4 flex flex-wrap items-end gap-3"
      aria-label={t('audit.filters.title')}
    >
      <SelectField
        label={t('audit.operator')}
        value={String(filters.operatorId ?? '')}
        onChange={(value) => onChange({ ...filters, operatorId: value === '' ? undefined : Number(value) })}
        options={[
          ['', t('audit.allOperators')],
          ...(operators.data?.operators ?? []).map((operator) => [String(operator.id), operator.name] as const),
        ]}
        className={inputClass('text-sm')}
      />
      <TextField
        label={t('audit.filters.action')}
        placeholder="proxies.disable"
        inputClassName="w-44 font-mono"
        list={actionList}
        {...field('action')}
      />
      <datalist id={actionList}>
        {SUGGESTED_ACTIONS.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <TextField label={t('audit.filters.from')} type="datetime-local" {...field('from')} />
      <TextField label={t('audit.filters.to')} type="datetime-local" {...field('to')} />
      <Button type="submit" variant="secondary">
        {t('audit.filters.apply')}
      </Button>
    </form>
  );
}
