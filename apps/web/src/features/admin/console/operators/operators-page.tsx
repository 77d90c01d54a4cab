import { ADMIN_ROLES, MAX_OPERATOR_NAME_LENGTH, type AdminRole, type Operator } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { inputClass } from '../../../../components/ui/input-class';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/api-error-text';
import { cn } from '../../../../lib/cn';
import { useAdminMe } from '../../api/admin-me';
import { useCreateOperator, useDeleteOperator, useOperators, useTotpPolicy, useUnlockOperator } from '../api/operators';
import { SelectField, TextField } from '../components/field';
import { QueryState } from '../components/query-state';
import { ShownOnce } from '../components/shown-once';
import { ListTable, ScreenHeader, td } from '../components/table';
import { ConsoleForm } from '../components/console-form';
import { TitledSection } from '../components/titled-section';
import { useConfirmRowChange } from '../components/use-confirm-row-change';
import { useConsoleFormat } from '../components/use-console-format';
import { useFormFields } from '../components/use-form-fields';

/** The owner's team screen: add an operator (their secret shown once), remove one, require an app. */
export function OperatorsPage() {
  const { t } = useTranslation('console');
  const operators = useOperators();
  return (
    <>
      <ScreenHeader title={t('operators.title')} />
      <div className="flex flex-col gap-6">
        <CreateForm />
        {operators.data ? (
          <>
            <TotpPolicy required={operators.data.totpRequired} />
            <OperatorTable operators={operators.data.operators} />
          </>
        ) : (
          <QueryState error={operators.error} onRetry={() => void operators.refetch()} />
        )}
      </div>
    </>
  );
}

function CreateForm() {
  const { t } = useTranslation('console');
  const { texts, setErrors, reset, field } = useFormFields({ name: '' });
  const [role, setRole] = useState<AdminRole>('support');
  const [created, setCreated] = useState<{ name: string; secretCode: string } | null>(null);
  const create = useCreateOperator();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = texts.name.trim();
    if (!name) return setErrors({ name: t('operators.create.nameRequired') });
    setErrors({});
    create.mutate(
      { name, role },
      {
        onSuccess: (answer) => {
          setCreated({ name: answer.operator.name, secretCode: answer.secretCode });
          reset();
        },
        onError: (failure) => setErrors({ name: apiErrorText(failure) }),
      },
    );
  }

  return (
    <TitledSection title={t('operators.create.title')}>
      <ConsoleForm onSubmit={onSubmit}>
        <TextField
          label={t('operators.create.name')}
          maxLength={MAX_OPERATOR_NAME_LENGTH}
          inputClassName="w-56"
          {...field('name')}
        />
        <SelectField
          label={t('operators.create.role')}
          value={role}
          onChange={(value) => setRole(value as AdminRole)}
          options={ADMIN_ROLES.map((r) => [r, t(`roles.${r}`)] as const)}
          className={cn(inputClass('text-sm'), 'w-40')}
        />
        <SubmitButton pending={create.isPending}>{t('operators.create.submit')}</SubmitButton>
      </ConsoleForm>
      <p className="mt-2 text-sm text-slate-600">{t(`operators.roleHelp.${role}`)}</p>
      {created && (
        <ShownOnce
          intro={t('operators.create.secretOnce', { name: created.name })}
          testId="operator-secret"
          value={created.secretCode}
          item={t('copySecret.secretCode')}
        />
      )}
    </TitledSection>
  );
}

function TotpPolicy({ required }: { required: boolean }) {
  const { t } = useTranslation('console');
  const policy = useTotpPolicy();
  const ownApp = useAdminMe().data?.operator.totpEnabled;
  const id = useId();
  // The server refuses the requirement to an owner without an app (they would lock themselves
  // out): say so before they try, and name the way out if they try anyway.
  const needsOwnApp = !required && ownApp === false;
  const refusal = (failure: unknown) =>
    isApiError(failure) && failure.code === 'TOTP_ENROLMENT_REQUIRED'
      ? t('operators.totpOwnFirst')
      : apiErrorText(failure);
  return (
    <section className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={required}
          disabled={policy.isPending}
          aria-describedby={needsOwnApp ? `${id}-hint` : undefined}
          onChange={(event) =>
            policy.mutate(event.target.checked, { onError: (failure) => toast.error(refusal(failure)) })
          }
          className="size-4"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {t('operators.totpRequired')}
        </label>
      </div>
      {needsOwnApp && (
        <p id={`${id}-hint`} className="text-sm text-slate-600" data-testid="totp-own-hint">
          {t('operators.totpOwnHint')}{' '}
          <Link to="/admin/security" className="text-brand-700 underline">
            {t('nav.security')}
          </Link>
        </p>
      )}
    </section>
  );
}

function OperatorTable({ operators }: { operators: Operator[] }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const me = useAdminMe();
  const removing = useConfirmRowChange(useDeleteOperator(), (operator: Operator | null) => ({
    title: t('operators.remove.title', { name: operator?.name ?? '' }),
    description: t('operators.remove.text'),
    cancelLabel: t('operators.remove.cancel'),
    confirmLabel: t('operators.remove.button'),
    done: t('operators.remove.done', { name: operator?.name ?? '' }),
  }));
  const unlock = useUnlockOperator();
  const columns = ['name', 'role', 'totp', 'lastLogin', 'actions'] as const;

  return (
    <>
      <ListTable
        caption={t('operators.listTitle')}
        stickyActions
        labels={columns.map((column) => t(`operators.columns.${column}`))}
        empty={operators.length === 0}
        emptyText={t('operators.empty')}
      >
        {operators.map((operator) => (
          <tr key={operator.id} className="border-t border-slate-100" data-testid="operator-row">
            <td className={td}>
              {operator.name}
              {operator.locked && (
                <Badge data-testid="operator-locked" tone="red" className="ml-2">
                  {t('operators.locked')}
                </Badge>
              )}
            </td>
            <td className={td}>{t(`roles.${operator.role}`)}</td>
            <td className={td}>{operator.totpEnabled ? t('operators.totpOn') : t('operators.totpOff')}</td>
            <td className={cn(td, 'whitespace-nowrap')}>
              {operator.lastLoginAt ? format.dateTime(operator.lastLoginAt) : t('common.never')}
            </td>
            <td className={td}>
              <div className="flex flex-wrap gap-2">
                {operator.locked && (
                  <Button
                    onClick={() =>
                      unlock.mutate(operator.id, {
                        onSuccess: () => toast.success(t('operators.unlock.done', { name: operator.name })),
                        onError: (failure) => toast.error(apiErrorText(failure)),
                      })
                    }
                    disabled={unlock.isPending}
                    aria-label={t('operators.unlock.label', { name: operator.name })}
                  >
                    {t('operators.unlock.button')}
                  </Button>
                )}
                {!operator.builtin &&
                  operator.id !== me.data?.operator.id &&
                  removing.askButton(operator, t('operators.remove.label', { name: operator.name }))}
              </div>
            </td>
          </tr>
        ))}
      </ListTable>
      {removing.dialog}
    </>
  );
}
