import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@portal/contract';

/** What a sentence needs from the row, in words: the key under `audit.sentence`, and its values. */
export interface SentenceParts {
  key: string;
  values: Record<string, string | number>;
  context?: string;
}

/** Formats the sentence's money in the reader's language. */
export interface SentenceFormat {
  money: (dollars: number) => string;
}

type Details = Record<string, unknown>;

/**
 * The console namespace's `t`, with keys built at run time: every action's keys come from the
 * contract's list, and the test of every action proves each one exists in every language.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const isAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Who acted, as a word: the operator's name, the portal itself, a customer, or nobody known. */
export function whoOf(entry: AuditEntry, t: Translate): string {
  if (entry.operatorName) return entry.operatorName;
  if (entry.actor === 'system') return t('audit.who.system');
  const customer = /^customer:(\d+)$/.exec(entry.actor);
  if (customer) return t('audit.who.customer', { id: customer[1] });
  return t('audit.who.unknown');
}

/** A limit of a proxy: back to the shop's default (null), unlimited (0), or a number. */
function limitContext(value: unknown): string {
  if (value === null || value === undefined) return 'default';
  return num(value) === 0 ? 'unlimited' : '';
}

/**
 * Each action's sentence from what its row recorded: counts drive plurals (`count`), contexts
 * pick the variant (a credit or a debit, replaced or not), and money is formatted by the caller.
 */
function partsOf(action: AuditAction, d: Details, entry: AuditEntry, f: SentenceFormat): SentenceParts {
  const values: Record<string, string | number> = { count: entry.count };
  const key = `sentence.${action}`;
  switch (action) {
    case 'admin.session_end':
    case 'admin.logout':
    case 'admin.login':
      return { key, values: { ...values, session: text(d.session) } };
    case 'admin.forbidden':
      return { key, values: { ...values, operation: text(d.operation), role: text(d.role) } };
    case 'admin.totp_enabled':
      return { key, values: { count: num(d.sessionsEnded) } };
    case 'operator.create':
      return { key, values: { name: text(d.name), role: text(d.role) } };
    case 'operator.remove':
    case 'operator.totp_off':
      return { key, values: { name: text(d.name), role: text(d.role), count: num(d.sessionsEnded) } };
    case 'operator.locked':
      return { key, values: { name: text(d.name), count: num(d.failures) } };
    case 'operator.unlock':
      return { key, values: { name: text(d.name) }, context: d.wasLocked === false ? 'idle' : '' };
    case 'operator.totp_policy':
      return { key, values: { count: num(d.sessionsEnded) }, context: d.required === true ? 'on' : 'off' };
    case 'customers.adjust': {
      const amount = num(d.amount);
      return {
        key,
        values: { customer: text(d.customerId), amount: f.money(Math.abs(amount)), reason: text(d.reason) },
        context: amount < 0 ? 'debit' : 'credit',
      };
    }
    case 'giftcards.create':
      return { key, values: { count: num(d.count), amount: f.money(num(d.amount)) } };
    case 'giftcards.reveal':
    case 'proxies.enable':
      return { key, values: { id: text(d.id) } };
    case 'proxies.import':
      return {
        key,
        values: { count: num(d.added), first: text(d.firstId), last: text(d.lastId), duplicates: num(d.duplicates) },
        context: num(d.added) === 0 ? 'none' : '',
      };
    case 'proxies.disable':
      return {
        key,
        values: { id: text(d.id), count: num(d.affectedRentals) },
        context: d.affectedRentals === undefined ? '' : d.replace === true ? 'replace' : 'rentals',
      };
    case 'proxies.check':
      return { key, values: { count: num(d.checked) }, context: d.ids === 'all' ? 'all' : '' };
    case 'proxies.max-connections':
      return { key, values: { id: text(d.id), count: num(d.maxConnections) }, context: limitContext(d.maxConnections) };
    case 'proxies.max-source-ips':
      return { key, values: { id: text(d.id), count: num(d.maxSourceIps) }, context: limitContext(d.maxSourceIps) };
    case 'proxies.node':
      return { key, values: { id: text(d.id), to: text(d.to) }, context: d.to === null ? 'shop' : '' };
    case 'nodes.create':
      return { key, values: { name: text(d.name), host: text(d.host) } };
    case 'nodes.revoke':
      return { key, values: { name: text(d.name) } };
    case 'proxy.replace':
      return {
        key,
        values: {
          rental: text(d.rentalId),
          customer: text(d.userId),
          from: text(d.oldProxyId),
          to: text(d.newProxyId),
        },
        context: d.autoCapReached === true ? 'lastAuto' : d.automatic === true ? 'auto' : '',
      };
    case 'news.add':
      return { key, values: { title: text(d.title) }, context: d.important === true ? 'important' : '' };
    case 'news.delete':
      return { key, values: { title: text(d.title) } };
    case 'notices.broadcast':
      return { key, values: { news: text(d.newsId), count: num(d.telegram) } };
    case 'ip_auth.narrowed': {
      const list = (value: unknown) => (Array.isArray(value) ? value.map(text).join(', ') : text(value));
      return { key, values: { rental: text(d.rentalId), port: text(d.port), removed: list(d.removed) } };
    }
    case 'db.backup':
    case 'db.restore':
      return { key, values: { count: num(d.rows), file: text(d.file) } };
    case 'db.migrate-from-pglite':
      return { key, values: { count: num(d.rows) } };
    default:
      return { key, values };
  }
}

/** The parts of a row's sentence; a code the console does not know yet gets a sentence naming it. */
export function sentenceParts(entry: AuditEntry, format: SentenceFormat): SentenceParts {
  const details: Details =
    typeof entry.details === 'object' && entry.details !== null ? (entry.details as Details) : {};
  if (!isAction(entry.action)) return { key: 'sentence.unknown', values: { action: entry.action } };
  return partsOf(entry.action, details, entry, format);
}

/** Why a proxy was replaced, in words (the customer's choice, the health job, the operator's disable). */
export const REPLACE_REASON_KEYS = [
  'not_working',
  'wrong_location',
  'slow',
  'failed_checks',
  'proxy_disabled',
] as const;

/** The whole sentence of a row in the reader's language: who, what, and the details in words. */
export function auditSentence(entry: AuditEntry, t: Translate, format: SentenceFormat): string {
  const parts = sentenceParts(entry, format);
  const role = typeof parts.values.role === 'string' && parts.values.role !== '' ? parts.values.role : null;
  const values = {
    ...parts.values,
    who: whoOf(entry, t),
    ...(role ? { role: t(`roles.${role}`, { defaultValue: role }) } : {}),
  };
  const sentence = t(`audit.${parts.key}`, parts.context ? { ...values, context: parts.context } : values);
  const details = typeof entry.details === 'object' && entry.details !== null ? (entry.details as Details) : {};
  const reason = text(details.reason);
  if (entry.action !== 'proxy.replace' || reason === '') return sentence;
  const known = (REPLACE_REASON_KEYS as readonly string[]).includes(reason);
  return `${sentence} ${known ? t(`audit.reason.${reason}`) : t('audit.reason.other', { reason })}`;
}
