import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { formatDollars, type RowProblem } from '@portal/contract';
import { Command } from 'commander';
import { findCustomerId } from '../accounts/accounts-repository';
import { systemClock } from '../clock';
import { ConfigError } from '../config';
import { DomainError } from '../errors';
import { parseCsv, validateImportRows } from '../inventory/inventory-import';
import { insertProxies, listInventory, setProxyEnabled } from '../inventory/inventory-repository';
import { adjustBalance, verifyLedger } from '../ledger/ledger';
import { createGiftcards } from '../payments/giftcards';
import { cliAudit, dollarsToCents, wholeNumber, withDatabase } from './cli-support';
import { addConsoleCommands } from './console-commands';
import { addDbCommands } from './db-commands';

function readRows(file: string): unknown[] {
  const text = fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
  if (file.toLowerCase().endsWith('.csv')) return parseCsv(text);
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
  .description('add proxies from a .json or .csv file (all rows valid, or nothing is stored)')
  .action(async (file: string) => {
    const rows = validateImportRows(readRows(file));
    const ids = await withDatabase(async (db) => {
      const added = await insertProxies(db, rows, systemClock.now());
      await cliAudit(db, 'proxies.import', { added: added.length, file });
      return added;
    });
    console.log(`Imported ${ids.length} proxies (ids ${ids[0]}..${ids[ids.length - 1]}).`);
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
    console.log(['id', 'address', 'protocol', 'type', 'country', 'city', 'score', 'state', 'upstream'].join('\t'));
    for (const r of rows) {
      console.log(
        [r.id, `${r.ip}:${r.port}`, r.protocol, r.type, r.country, r.city, r.fraudScore, r.state, r.upstreamKind].join(
          '\t',
        ),
      );
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
