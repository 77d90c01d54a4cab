import {
  createGiftcardsEndpoint,
  formatDollars,
  MAX_GIFTCARD_DOLLARS,
  MAX_GIFTCARDS_PER_REQUEST,
  revealGiftcardEndpoint,
  type GiftcardRow,
} from '@portal/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { cn } from '../../../../lib/cn';
import { useAdminMe } from '../../api/admin-me';
import { mayCall } from '../../lib/role-screens';
import { useCreateGiftcards } from '../api/create-giftcards';
import { useGiftcards } from '../api/get-giftcards';
import { useRevealGiftcard } from '../api/giftcard-reveal';
import { PagedTable } from '../components/paged-table';
import { usePaging } from '../components/pager';
import { ScreenHeader, td } from '../components/table';
import { ConsoleForm } from '../components/console-form';
import { TitledSection } from '../components/titled-section';
import { SelectField, TextField } from '../components/field';
import { parseDollars } from '../components/parse-dollars';
import { useConsoleFormat } from '../components/use-console-format';
import { NewCodes } from './new-codes';

const FILTERS = ['all', 'unused', 'used'] as const;
type Filter = (typeof FILTERS)[number];
const PAGE_SIZE = 50;

/** GiftcardCreateRequestSchema's bound on the count; a longer run of digits is refused unread. */
const COUNT = new RegExp(`^\\d{1,${String(MAX_GIFTCARDS_PER_REQUEST).length}}$`);
function parseCount(text: string): number | null {
  if (!COUNT.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= 1 && value <= MAX_GIFTCARDS_PER_REQUEST ? value : null;
}

/**
 * Gift cards: create N codes of an amount (shown in full this once), download them as text, list
 * used/unused with codes masked; a money role may reveal one again (the server audits it).
 */
export function GiftcardsPage() {
  const { t } = useTranslation('console');
  const role = useAdminMe().data?.operator.role;
  // A manager reads the list; only finance and the owner make codes or see one again.
  const mayCreate = mayCall(role, createGiftcardsEndpoint);
  return (
    <>
      <ScreenHeader title={t('giftcards.title')} />
      <div className="flex flex-col gap-6">
        {mayCreate && <CreateForm />}
        <GiftcardList mayReveal={mayCall(role, revealGiftcardEndpoint)} />
      </div>
    </>
  );
}

function CreateForm() {
  const { t } = useTranslation('console');
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ codes: string[]; amount: number } | null>(null);
  const create = useCreateGiftcards();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dollars = parseDollars(amount, { max: MAX_GIFTCARD_DOLLARS, signed: false });
    const n = parseCount(count);
    if (dollars === null) return setError(t('giftcards.create.amountInvalid', { max: MAX_GIFTCARD_DOLLARS }));
    if (n === null) return setError(t('giftcards.create.countInvalid', { max: MAX_GIFTCARDS_PER_REQUEST }));
    setError(null);
    create.mutate(
      { amount: dollars, count: n },
      {
        onSuccess: (codes) => setCreated({ codes, amount: dollars }),
        onError: (failure) => setError(t('giftcards.create.failed', { reason: apiErrorText(failure) })),
      },
    );
  }

  return (
    <>
      <TitledSection title={t('giftcards.create.title')}>
        <ConsoleForm onSubmit={onSubmit}>
          <TextField
            id={amountId}
            label={t('giftcards.create.amount')}
            inputMode="decimal"
            value={amount}
            onValue={setAmount}
            inputClassName="w-36"
          />
          <TextField
            label={t('giftcards.create.count')}
            inputMode="numeric"
            value={count}
            onValue={setCount}
            inputClassName="w-28"
          />
          <SubmitButton pending={create.isPending} pendingLabel={t('giftcards.create.submitting')}>
            {t('giftcards.create.submit')}
          </SubmitButton>
        </ConsoleForm>
        <div role="alert" className="empty:hidden">
          {error && <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{error}</p>}
        </div>
      </TitledSection>
      {created && <NewCodes codes={created.codes} amount={created.amount} />}
    </>
  );
}

function GiftcardList({ mayReveal }: { mayReveal: boolean }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const filterId = useId();
  const giftcards = useGiftcards();
  const [filter, setFilter] = useState<Filter>('all');
  const rows = useMemo(() => {
    const all = giftcards.data ?? [];
    const used = (card: GiftcardRow) => card.redeemedAt !== null;
    return filter === 'all' ? all : all.filter((card) => used(card) === (filter === 'used'));
  }, [giftcards.data, filter]);
  const { pageRows, pager, setPage } = usePaging(rows, PAGE_SIZE);
  const columns = ['code', 'amount', 'createdAt', 'status', 'redeemedBy', 'redeemedAt'] as const;

  return (
    <section aria-labelledby={`${filterId}-title`}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${filterId}-title`} className="text-lg font-semibold">
            {t('giftcards.list.title')}
          </h2>
          <p className="text-sm text-slate-600">
            {mayReveal ? t('giftcards.list.maskedRevealable') : t('giftcards.list.masked')}
          </p>
        </div>
        <SelectField
          inline
          id={filterId}
          label={t('giftcards.list.filter')}
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            setPage(0);
          }}
          options={FILTERS.map((value) => [value, t(`giftcards.list.filters.${value}`)] as const)}
        />
      </div>
      <PagedTable
        query={giftcards}
        caption={t('giftcards.list.title')}
        labels={columns.map((column) => t(`giftcards.list.columns.${column}`))}
        emptyText={t('giftcards.list.empty')}
        pager={pager}
      >
        {pageRows.map((card) => (
          <tr key={card.id} className="border-t border-slate-100" data-testid="giftcard-row">
            <td className={cn(td, 'font-mono whitespace-nowrap')}>
              <CodeCell card={card} mayReveal={mayReveal} />
            </td>
            <td className={cn(td, 'tabular-nums')}>{formatDollars(card.amount)}</td>
            <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(card.createdAt)}</td>
            <td className={td}>{t(card.redeemedAt === null ? 'giftcards.list.unused' : 'giftcards.list.used')}</td>
            <td className={td}>
              {card.redeemedBy !== null && (
                <Link to={`/admin/customers/${card.redeemedBy}`} className="text-brand-700 underline">
                  {t('customer.title', { id: card.redeemedBy })}
                </Link>
              )}
            </td>
            <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(card.redeemedAt) ?? ''}</td>
          </tr>
        ))}
      </PagedTable>
    </section>
  );
}

/** The masked code, and for a money role a button that asks the server for it in full. */
function CodeCell({ card, mayReveal }: { card: GiftcardRow; mayReveal: boolean }) {
  const { t } = useTranslation('console');
  const reveal = useRevealGiftcard();
  const full = reveal.data?.code;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span data-testid="giftcard-code" className={cn(full && 'select-all')}>
        {full ?? card.code}
      </span>
      {mayReveal && !full && (
        <button
          type="button"
          onClick={() => reveal.mutate(card.id)}
          disabled={reveal.isPending}
          aria-label={t('giftcards.list.revealLabel', { last: card.code.slice(-4) })}
          className="rounded border border-slate-300 px-2 py-0.5 font-sans text-xs font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t('giftcards.list.reveal')}
        </button>
      )}
      {reveal.error && <span className="font-sans text-xs text-red-700">{apiErrorText(reveal.error)}</span>}
    </span>
  );
}
