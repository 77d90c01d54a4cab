import { AUDIT_ACTIONS, LANGUAGES, type AuditEntry } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, setupConsoleTests } from '../../../../../test/console';
import { auditSentence, type Translate } from './audit-sentence';

setupConsoleTests();

let id = 0;
function entry(action: string, details: Record<string, unknown>, more: Partial<AuditEntry> = {}): AuditEntry {
  id += 1;
  return {
    id,
    at: '2026-03-02T10:00:00Z',
    actor: 'api',
    operatorId: 5,
    operatorName: 'Fiona',
    source: '203.0.113.9',
    action,
    details,
    count: 1,
    ...more,
  };
}

/** The console's audit screen with these rows; answers each row's sentence, in order. */
async function sentencesOf(entries: AuditEntry[]): Promise<string[]> {
  consoleApi({ 'GET /api/admin/audit': () => jsonResponse(200, { success: true, entries, nextCursor: null }) });
  renderApp('/admin/audit');
  await waitFor(() => expect(screen.getAllByTestId('audit-sentence')).toHaveLength(entries.length));
  return screen.getAllByTestId('audit-sentence').map((cell) => cell.textContent ?? '');
}

describe('audit sentences, one family at a time', () => {
  it('admin: sign-ins, floods of failures with their count, refusals with the role in words', async () => {
    expect(
      await sentencesOf([
        entry('admin.login', { session: 12 }),
        entry('admin.login_failed', {}, { operatorName: null, count: 1 }),
        entry('admin.login_totp_failed', {}, { count: 7 }),
        entry('admin.forbidden', { operation: 'createGiftcards', role: 'support' }, { operatorName: 'Sam' }),
        entry('admin.totp_enabled', { sessionsEnded: 1 }),
      ]),
    ).toEqual([
      'Fiona signed in (session 12).',
      'Someone failed to sign in with a wrong secret code (1 attempt).',
      'Fiona entered a wrong authenticator code (7 attempts).',
      'Sam (Support) was refused createGiftcards: the role does not allow it (1 attempt).',
      'Fiona turned on an authenticator app; 1 other session ended.',
    ]);
  });

  it('operator: the team, named with their roles; the lock is the portal’s', async () => {
    expect(
      await sentencesOf([
        entry('operator.create', { operatorId: 7, name: 'Sam', role: 'finance' }),
        entry('operator.remove', { operatorId: 7, name: 'Sam', role: 'finance', sessionsEnded: 2 }),
        entry('operator.locked', { operatorId: 7, name: 'Sam', failures: 10 }, { actor: 'system', operatorName: null }),
        entry('operator.unlock', { operatorId: 7, name: 'Sam', wasLocked: false }),
        entry('operator.totp_policy', { required: true, sessionsEnded: 3 }),
      ]),
    ).toEqual([
      'Fiona added the operator Sam as Finance.',
      'Fiona removed the operator Sam (Finance); 2 sessions ended.',
      'Sam was locked after 10 wrong authenticator codes.',
      'Fiona unlocked Sam, who was not locked.',
      'Fiona required an authenticator app of every operator; 3 sessions ended.',
    ]);
  });

  it('customers and gift cards: amounts as currency, credits and debits told apart', async () => {
    expect(
      await sentencesOf([
        entry('customers.adjust', { customerId: 4, amount: 1234.5, reason: 'goodwill' }),
        entry('customers.adjust', { customerId: 4, amount: -2.5, reason: 'correction' }),
        entry('giftcards.create', { amount: 10, count: 1 }),
        entry('giftcards.create', { amount: 25, count: 50 }),
        entry('giftcards.reveal', { id: 9 }),
      ]),
    ).toEqual([
      'Fiona added $1,234.50 to the balance of customer 4: “goodwill”.',
      'Fiona took $2.50 from the balance of customer 4: “correction”.',
      'Fiona created 1 gift card of $10.00.',
      'Fiona created 50 gift cards of $25.00 each.',
      'Fiona showed gift card 9 in full again.',
    ]);
  });

  it('proxies: imports, disables with what they cut off, checks and per-rental limits', async () => {
    expect(
      await sentencesOf([
        entry('proxies.import', { added: 1, firstId: 201, lastId: 201, duplicates: 2 }),
        entry('proxies.import', { added: 0, duplicates: 5 }),
        entry('proxies.disable', { id: 17, affectedRentals: 3, replace: true }),
        entry('proxies.disable', { id: 17, affectedRentals: 1, replace: false }),
        entry('proxies.enable', { id: 17 }),
        entry('proxies.check', { ids: 'all', checked: 200 }),
        entry('proxies.max-connections', { id: 17, maxConnections: 2 }),
        entry('proxies.max-connections', { id: 17, maxConnections: null }),
        entry('proxies.max-source-ips', { id: 17, maxSourceIps: 0 }),
      ]),
    ).toEqual([
      'Fiona imported 1 proxy (ids 201 to 201); already in stock: 2.',
      'Fiona imported no new proxies; already in stock: 5.',
      'Fiona disabled proxy 17 and moved its 3 active rentals to other proxies.',
      'Fiona disabled proxy 17, cutting off 1 active rental.',
      'Fiona enabled proxy 17.',
      'Fiona checked every proxy through its upstream (200 in all).',
      'Fiona limited each rental of proxy 17 to 2 connections.',
      "Fiona set the connections per rental of proxy 17 back to the shop's default.",
      'Fiona allowed each rental of proxy 17 any number of client addresses.',
    ]);
  });

  it('proxy: replacements by a customer, the portal or the operator, with the reason in words', async () => {
    const move = { rentalId: 31, userId: 4, oldProxyId: 17, newProxyId: 18 };
    expect(
      await sentencesOf([
        entry(
          'proxy.replace',
          { ...move, reason: 'slow', automatic: false },
          { actor: 'customer:4', operatorName: null },
        ),
        entry(
          'proxy.replace',
          { ...move, reason: 'failed_checks', automatic: true, autoCapReached: true },
          { actor: 'system', operatorName: null },
        ),
        entry('proxy.replace', { ...move, reason: 'proxy_disabled', automatic: true }),
      ]),
    ).toEqual([
      'Customer 4 moved rental 31 of customer 4 from proxy 17 to proxy 18. Reason: slow.',
      'The portal automatically moved rental 31 of customer 4 from proxy 17 to proxy 18: the last automatic replacement allowed today. Reason: it failed its health checks.',
      'Fiona automatically moved rental 31 of customer 4 from proxy 17 to proxy 18. Reason: the operator disabled the proxy.',
    ]);
  });

  it('news and notices: titles quoted, chats counted', async () => {
    expect(
      await sentencesOf([
        entry('news.add', { id: 3, title: 'Maintenance', important: true }),
        entry('news.delete', { id: 3, title: 'Maintenance' }),
        entry('notices.broadcast', { newsId: 3, telegram: 12 }),
      ]),
    ).toEqual([
      'Fiona published the important news item “Maintenance”.',
      'Fiona deleted the news item “Maintenance”.',
      'Fiona sent news item 3 to 12 Telegram chats.',
    ]);
  });

  it('ip_auth and db: the portal narrowing a list, restores from the command line', async () => {
    expect(
      await sentencesOf([
        entry(
          'ip_auth.narrowed',
          { rentalId: 31, port: 20001, removed: ['0.0.0.0/0'], kept: [], reason: 'wider than the rules allow' },
          { actor: 'system', operatorName: null },
        ),
        entry('db.backup', { file: 'by-hand.backup', rows: 1 }, { actor: 'cli', operatorName: 'owner' }),
        entry('db.restore', { file: 'shop.backup', rows: 1200 }, { actor: 'cli', operatorName: 'owner' }),
        entry('db.migrate-from-pglite', { rows: 1 }, { actor: 'cli', operatorName: 'owner' }),
      ]),
    ).toEqual([
      'The portal removed 0.0.0.0/0 from the IP authorization list of rental 31 (port 20001): wider than the rules allow.',
      'owner wrote a backup of 1 row to by-hand.backup.',
      'owner restored 1,200 rows from the backup shop.backup.',
      'owner moved 1 row from the earlier embedded database.',
    ]);
  });

  it('a code from a newer server still reads as a sentence naming it', async () => {
    expect(await sentencesOf([entry('shop.future', {})])).toEqual(['Fiona: shop.future.']);
  });
});

/**
 * Details that pick each variant of a sentence (credit or debit, replaced or not…); every
 * action is also tried with no details at all, as rows written before a field existed.
 */
const VARIANTS: Record<string, Record<string, unknown>[]> = {
  'operator.unlock': [{ wasLocked: true }, { wasLocked: false }],
  'operator.totp_policy': [{ required: true, sessionsEnded: 2 }, { required: false }],
  'customers.adjust': [{ amount: 5 }, { amount: -5 }],
  'proxies.import': [{ added: 0 }, { added: 2 }],
  'proxies.disable': [{ affectedRentals: 2 }, { affectedRentals: 2, replace: true }],
  'proxies.check': [
    { ids: 'all', checked: 2 },
    { ids: [1, 2], checked: 2 },
  ],
  'proxies.max-connections': [{ maxConnections: null }, { maxConnections: 0 }, { maxConnections: 3 }],
  'proxies.max-source-ips': [{ maxSourceIps: null }, { maxSourceIps: 0 }, { maxSourceIps: 3 }],
  'proxies.node': [
    { id: 3, to: 2 },
    { id: 3, to: null },
  ],
  'proxy.replace': [{ automatic: true }, { automatic: true, autoCapReached: true }, { reason: 'wrong_location' }],
  'news.add': [{ important: true }, { important: false }],
};

describe('every action the server writes has a sentence in every language', () => {
  const missing: string[] = [];
  const onMissing = (languages: readonly string[], namespace: string, key: string) => {
    missing.push(`${languages.join(',')}:${namespace}:${key}`);
  };

  beforeAll(async () => {
    for (const language of LANGUAGES) await i18n.loadLanguages(language);
    await i18n.loadNamespaces('console');
    i18n.options.saveMissing = true;
    i18n.on('missingKey', onMissing);
  });
  afterAll(() => {
    i18n.off('missingKey', onMissing);
    i18n.options.saveMissing = false;
  });

  // The codes come from the contract's list, which the server's audit writers are typed to.
  it.each(LANGUAGES)('%s', async (language) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces('console');
    const t = i18n.getFixedT(language, 'console') as unknown as Translate;
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
    missing.length = 0;
    for (const action of AUDIT_ACTIONS) {
      for (const details of [{}, ...(VARIANTS[action] ?? [])]) {
        for (const count of [1, 2, 5, 21]) {
          const sentence = auditSentence(entry(action, { ...details }, { count }), t, {
            money: (dollars) => money.format(dollars),
          });
          expect(sentence, `${language} ${action}`).not.toContain(action);
          expect(sentence, `${language} ${action}`).not.toMatch(/\{\{|audit\.|sentence\./);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
