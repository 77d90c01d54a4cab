import {
  auditEndpoint,
  customerEndpoint,
  overviewEndpoint,
  searchCustomersEndpoint,
  AuditQuerySchema,
  formatDollars,
  listGiftcardsEndpoint,
  newsAddEndpoint,
  NewsAddRequestSchema,
  newsDeleteEndpoint,
  revealGiftcardEndpoint,
  utcDate,
} from '@portal/contract';
import type { Command } from 'commander';
import { findCustomerId, searchCustomers } from '../accounts/accounts-service';
import { customerDetail } from '../accounts/customer-detail';
import { listAudit } from '../audit/audit-service';
import { overview } from '../admin/console-overview-service';
import { addNewsBy, deleteNewsBy, listNews } from '../news/news-service';
import { listGiftcards, revealGiftcard } from '../payments/giftcards-service';
import { systemClock } from '../clock';
import { addReadCommand, addRowCommand, asOperator, byId, numberOrText, requestOf, table } from './cli-support';
import { counted } from './counted';

const money = (dollars: number) => formatDollars(dollars);

/** The operator console's views and the news editor, for scripting. */
export function addConsoleCommands(program: Command, giftcards: Command): void {
  program
    .command('overview')
    .description('customers, balances, 30 days of money by day, rentals by status, inventory, pending payments')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const view = await asOperator(overviewEndpoint, (deps) => overview(deps.db, deps.clock.now()));
      if (options.json) return void console.log(JSON.stringify(view, null, 2));
      console.log(`Customers: ${view.customers}, total balances ${money(view.totalBalance)}`);
      console.log(
        `Inventory: ${view.inventory.free} free, ${view.inventory.rented} rented, ${view.inventory.disabled} disabled`,
      );
      console.log(`Pending payments: ${view.pendingPayments.count} (${money(view.pendingPayments.amount)})`);
      const statuses = Object.entries(view.rentalsByStatus).filter(([, n]) => n > 0);
      console.log(`Rentals: ${statuses.map(([status, n]) => `${status} ${n}`).join(', ') || 'none'}`);
      table(
        ['date', 'deposits', 'giftcards', 'purchases', 'refunds'],
        view.revenue.map((d) => [d.date, money(d.deposits), money(d.giftcards), money(d.purchases), money(d.refunds)]),
      );
    });

  const customers = program.command('customers').description('customers, their money and rentals');
  customers
    .command('search [query]')
    .description('by id or part of the referral key; without a query the newest 50')
    .action(async (query: string | undefined) => {
      const found = await asOperator(searchCustomersEndpoint, (deps) => searchCustomers(deps.db, query ?? ''));
      table(
        ['id', 'referral key', 'balance', 'active rentals', 'since'],
        found.map((c) => [c.id, c.referralKey, money(c.balance), c.activeRentals, c.createdAt]),
      );
      console.log(counted(found.length, 'customer'));
    });
  customers
    .command('show <id-or-referral-key>')
    .description("one customer's balance, ledger rows, rentals and payments")
    .option('--json', 'print JSON')
    .action(async (who: string, options: { json?: boolean }) => {
      const detail = await asOperator(customerEndpoint, async (deps) =>
        customerDetail(deps.db, await findCustomerId(deps.db, who)),
      );
      if (options.json) return void console.log(JSON.stringify(detail, null, 2));
      const c = detail.customer;
      console.log(`Customer ${c.id} (${c.referralKey}), balance ${money(c.balance)}, since ${c.createdAt}`);
      console.log('\nLedger');
      table(
        ['id', 'when', 'kind', 'amount', 'balance after', 'reason'],
        detail.ledger.map((r) => [r.id, r.createdAt, r.kind, money(r.amount), money(r.balanceAfter), r.reason]),
      );
      console.log('\nRentals');
      table(
        ['id', 'proxy', 'address', 'status', 'hours', 'ends'],
        detail.rentals.map((r) => [r.id, r.proxyId, `${r.ip}:${r.port}`, r.status, r.hours, r.endTime]),
      );
      console.log('\nPayments');
      table(
        ['id', 'when', 'provider', 'method', 'amount', 'status'],
        detail.payments.map((p) => [p.id, p.createdAt, p.provider, p.method, money(p.amount), p.status]),
      );
    });

  giftcards
    .command('list')
    .description('every card with its amount and whether it was used; codes masked to their last four characters')
    .option('--unused', 'only codes nobody has redeemed')
    .option('--used', 'only redeemed codes')
    .action(async (options: { unused?: boolean; used?: boolean }) => {
      const all = await asOperator(listGiftcardsEndpoint, (deps) => listGiftcards(deps.db));
      const cards = all.filter(
        (card) => (!options.unused || card.redeemedAt === null) && (!options.used || card.redeemedAt !== null),
      );
      table(
        ['id', 'code', 'amount', 'created', 'redeemed by', 'redeemed at'],
        cards.map((card) => [card.id, card.code, money(card.amount), card.createdAt, card.redeemedBy, card.redeemedAt]),
      );
      console.log(`${cards.length} gift cards`);
    });
  addRowCommand(
    giftcards,
    {
      name: 'reveal',
      description: 'print one code in full again (owner and finance; audited)',
      endpoint: revealGiftcardEndpoint,
    },
    byId(revealGiftcardEndpoint),
    revealGiftcard,
    (_id, code) => code,
  );

  const news = program.command('news').description('the public news feed');
  addReadCommand(news, { name: 'list', description: 'every item, newest first' }, listNews, (items) =>
    table(
      ['id', 'date', 'important', 'title'],
      items.map((n) => [n._id, n.date, n.important ? 'yes' : '', n.title]),
    ),
  );
  news
    .command('add')
    .description('publish an item')
    .requiredOption('--title <text>', 'headline')
    .requiredOption('--content <text>', 'the text (shown as text, never as HTML)')
    .option('--date <YYYY-MM-DD>', 'the date shown (default: today)')
    .option('--important', 'flag it as important')
    .action(async (options: { title: string; content: string; date?: string; important?: boolean }) => {
      const input = requestOf(NewsAddRequestSchema, {
        title: options.title,
        content: options.content,
        date: options.date ?? utcDate(systemClock.now()),
        important: options.important ?? false,
      });
      const item = await asOperator(newsAddEndpoint, (deps, actor) => addNewsBy(deps, actor, input));
      console.log(`News item ${item._id} added.`);
    });
  addRowCommand(
    news,
    { name: 'delete', description: 'remove an item', endpoint: newsDeleteEndpoint },
    byId(newsDeleteEndpoint),
    deleteNewsBy,
    (id) => `News item ${id} deleted.`,
  );

  program
    .command('audit')
    .description('operator actions, newest first (who, when, what); a flood from one source is a row a minute')
    .option('--limit <n>', 'how many', numberOrText, 50)
    .option('--by <operator-id>', "only this operator's actions", numberOrText)
    .option('--action <action>', 'only this action (proxies.disable), or a family of them (proxies)')
    .option('--from <time>', 'only rows at or after this time (ISO 8601, e.g. 2026-11-25T10:00:00Z)')
    .option('--to <time>', 'only rows at or before this time (ISO 8601)')
    .option('--cursor <cursor>', 'the rows older than this (printed under a full page)')
    .action(async (options: AuditOptions) => {
      const query = requestOf(AuditQuerySchema, {
        limit: options.limit,
        operatorId: options.by,
        action: options.action,
        from: options.from,
        to: options.to,
        cursor: options.cursor,
      });
      const page = await asOperator(auditEndpoint, (deps) => listAudit(deps.db, query));
      table(
        ['id', 'when', 'operator', 'via', 'source', 'action', 'count', 'details'],
        page.entries.map((e) => [
          e.id,
          e.at,
          e.operatorId === null ? '' : `${e.operatorName ?? ''} (#${e.operatorId})`,
          e.actor,
          e.source,
          e.action,
          e.count,
          JSON.stringify(e.details),
        ]),
      );
      if (page.nextCursor) console.log(`Older rows: --cursor ${page.nextCursor}`);
    });
}

interface AuditOptions {
  limit: number | string;
  by?: number | string;
  action?: string;
  from?: string;
  to?: string;
  cursor?: string;
}
