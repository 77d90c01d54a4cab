import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { formatDollars, ProxyImportQuerySchema, type RowProblem } from '@portal/contract';
import { Command } from 'commander';
import { findCustomerId } from '../accounts/accounts-repository';
import { systemClock } from '../clock';
import { ConfigError } from '../config';
import { DomainError } from '../errors';
import { readImport } from '../inventory/inventory-import';
import { checkNow, discoveryDepsOf } from '../discovery/discovery-service';
import { listInventory, setProxyEnabled, storeImport } from '../inventory/inventory-repository';
import { adjustBalance, verifyLedger } from '../ledger/ledger';
import { createGiftcards } from '../payments/giftcards';
import { cliAudit, dollarsToCents, wholeNumber, withDatabase } from './cli-support';
import { addConsoleCommands } from './console-commands';
import { addDbCommands } from './db-commands';

function readRows(file: string): string | unknown[] {
  const text = fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
  if (!file.toLowerCase().endsWith('.json')) return text;
  const parsed: unknown = JSON.parse(text);
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as { proxies?: unknown }).proxies)) {
    return (parsed as { proxies: unknown[] }).proxies;
  }
  throw new DomainError('IMPORT_INVALID', {
    message: 'The JSON file must hold an array of proxies or {"proxies": [...]}',
  });
}

const program = new Command('portal').description('Operator tool of the proxy rental portal');
const proxies = program.command('proxies').description('the inventory of upstream proxies');

proxies
  .command('import <file>')
  .description(
    'add proxies from a .json, .csv or plain-text file (one upstream a line: host:port, host:port:user:pass, user:pass@host:port, socks5://…, http://…); all valid, or nothing is stored',
  )
  .option('--protocol <socks5|http>', 'scheme of plain-text lines without one', 'http')
  .option('--type <type>', 'type of the whole batch (mobile, residential, datacenter); else discovered')
  .action(async (file: string, options: { protocol: string; type?: string }) => {
    const query = ProxyImportQuerySchema.safeParse(options);
    if (!query.success) throw new DomainError('IMPORT_INVALID', { message: query.error.issues[0]?.message ?? '' });
    const { rows, rowNumbers } = readImport(readRows(file), query.data);
    const stored = await withDatabase(async (db) => {
      const result = await storeImport(db, rows, systemClock.now(), rowNumbers);
      await cliAudit(db, 'proxies.import', { added: result.ids.length, duplicates: result.duplicates.length, file });
      return result;
    });
    const { ids } = stored;
    console.log(
      ids.length > 0
        ? `Imported ${ids.length} proxies (ids ${ids[0]}..${ids[ids.length - 1]}).`
        : 'Imported no proxies.',
    );
    for (const duplicate of stored.duplicates) {
      console.log(`Line ${duplicate.row}: ${duplicate.upstream} is already in the inventory (skipped).`);
    }
    if (stored.checking > 0) {
      console.log(
        `${stored.checking} wait for discovery: the server looks them up through their upstreams, or run: cli proxies check`,
      );
    }
  });

proxies
  .command('check [ids...]')
  .description('check proxies through their upstreams now (all when no id is given): health, exit IP, discovery')
  .option('--json', 'print JSON')
  .action(async (ids: string[], options: { json?: boolean }) => {
    const wanted = ids.length > 0 ? ids.map(wholeNumber) : undefined;
    const results = await withDatabase(async (db, config) => {
      const checked = await checkNow(discoveryDepsOf({ db, config, clock: systemClock }), wanted);
      await cliAudit(db, 'proxies.check', { ids: wanted ?? 'all', checked: checked.length });
      return checked;
    });
    if (options.json) {
      console.log(JSON.stringify(results, null, 2));
      return;
    }
    console.log(['id', 'result', 'state', 'exit_ip', 'latency_ms', 'reason'].join('\t'));
    for (const r of results) {
      console.log(
        [r.id, r.ok ? 'ok' : 'failed', r.state, r.exitIp ?? '', r.latencyMs ?? '', r.reason ?? ''].join('\t'),
      );
    }
    console.log(`${results.filter((r) => r.ok).length} of ${results.length} passed`);
  });

proxies
  .command('list')
  .description('every proxy with its state (free, rented, disabled)')
  .option('--json', 'print JSON')
  .action(async (options: { json?: boolean }) => {
    const rows = await withDatabase((db) => listInventory(db));
    if (options.json) {
      console.log(JSON.stringify(rows, null, 2));
      return;
    }
    const columns = ['id', 'address', 'protocol', 'type', 'country', 'city', 'score', 'state', 'upstream'];
    console.log([...columns, 'isp', 'exit_ip', 'latency_ms', 'last_check', 'reason', 'sources'].join('\t'));
    for (const r of rows) {
      const sources = Object.entries(r.sources)
        .map(([field, source]) => `${field}=${source}`)
        .join(',');
      const cells = [r.id, `${r.ip}:${r.port}`, r.protocol, r.type, r.country, r.city, r.fraudScore, r.state];
      const health = [r.isp, r.exitIp ?? '', r.latencyMs ?? '', r.lastCheckedAt ?? '', r.failureReason ?? '', sources];
      console.log([...cells, r.upstreamKind, ...health].join('\t'));
    }
    console.log(`${rows.length} proxies`);
  });

for (const [action, enabled] of [
  ['enable', true],
  ['disable', false],
] as const) {
  proxies
    .command(`${action} <id>`)
    .description(enabled ? 'put a proxy back in the catalogue' : 'take a proxy out of the catalogue')
    .action(async (id: string) => {
      await withDatabase(async (db) => {
        await setProxyEnabled(db, wholeNumber(id), enabled);
        await cliAudit(db, `proxies.${action}`, { id: wholeNumber(id) });
      });
      console.log(`Proxy ${id} ${enabled ? 'enabled' : 'disabled'}.`);
    });
}

const ledger = program.command('ledger').description('wallet balances and their ledger');

ledger
  .command('verify')
  .description('check that every balance equals the sum of its ledger rows (exit 1 if not)')
  .action(async () => {
    const { usersChecked, mismatches } = await withDatabase((db) => verifyLedger(db));
    if (mismatches.length === 0) {
      console.log(`Ledger OK: ${usersChecked} accounts, every balance equals the sum of its ledger rows.`);
      return;
    }
    console.error(`Ledger MISMATCH in ${mismatches.length} of ${usersChecked} accounts:`);
    for (const m of mismatches) {
      console.error(
        `  customer ${m.userId}: balance ${formatDollars(m.balanceCents / 100)}, ledger sum ${formatDollars(m.ledgerSumCents / 100)}, difference ${formatDollars((m.balanceCents - m.ledgerSumCents) / 100)}`,
      );
    }
    process.exitCode = 1;
  });

ledger
  .command('adjust')
  .description("change a customer's balance with a reason (a ledger row); never below zero")
  .requiredOption('--user <id-or-referral-key>', 'the customer')
  .requiredOption('--amount <dollars>', 'signed amount, e.g. 5 or -2.50', dollarsToCents)
  .requiredOption('--reason <text>', 'why (kept in the ledger)')
  .action(async (options: { user: string; amount: number; reason: string }) => {
    const balance = await withDatabase(async (db) => {
      const userId = await findCustomerId(db, options.user);
      const after = await adjustBalance(db, {
        userId,
        amountCents: options.amount,
        reason: options.reason,
        at: systemClock.now(),
      });
      await cliAudit(db, 'customers.adjust', {
        customerId: userId,
        amount: options.amount / 100,
        reason: options.reason,
      });
      return after;
    });
    console.log(`Balance is now ${formatDollars(balance / 100)}.`);
  });

const giftcards = program.command('giftcards').description('gift card codes');
giftcards
  .command('create')
  .description('create codes worth an amount each; prints one code a line')
  .requiredOption('--amount <dollars>', 'value of each card', dollarsToCents)
  .requiredOption('--count <n>', 'how many codes', wholeNumber)
  .action(async (options: { amount: number; count: number }) => {
    if (options.amount <= 0 || options.count < 1 || options.count > 1000) {
      throw new DomainError('BAD_REQUEST', { message: 'amount must be more than 0 and count from 1 to 1000' });
    }
    const codes = await withDatabase(async (db) => {
      const made = await createGiftcards(db, {
        amountCents: options.amount,
        count: options.count,
        at: systemClock.now(),
      });
      await cliAudit(db, 'giftcards.create', { amount: options.amount / 100, count: made.length });
      return made;
    });
    console.log(codes.join('\n'));
  });

function report(problems: RowProblem[]): void {
  for (const p of problems) console.error(`  row ${p.row}, ${p.field}: ${p.message}`);
}

addConsoleCommands(program, giftcards);
addDbCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DomainError || error instanceof SyntaxError) {
    console.error(error.message);
    if (error instanceof DomainError && error.problems) report(error.problems);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exitCode = 1;
});
