import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {
  checkProxiesEndpoint,
  createGiftcardsEndpoint,
  enableProxyEndpoint,
  GiftcardCreateRequestSchema,
  importProxiesEndpoint,
  inventoryEndpoint,
  ProxyCheckRequestSchema,
  ProxyImportQuerySchema,
  ProxyImportRequestSchema,
  type RowProblem,
} from '@portal/contract';
import { Command } from 'commander';
import { checkProxiesBy } from '../discovery/check-proxies';
import { importInventory, listInventory, setProxyEnabledBy } from '../inventory/inventory-service';
import { createGiftcardBatch } from '../payments/giftcards-service';
import { ConfigError } from '../config';
import { DomainError } from '../errors';
import { discoveryDepsOf } from '../discovery/discovery-service';
import { addRowCommand, asOperator, byId, numberOrText, requestOf, setCliOperator } from './cli-support';
import { counted } from './counted';
import { addConsoleCommands } from './console-commands';
import { addDbCommands } from './db-commands';
import { addLedgerCommands } from './ledger-commands';
import { addOperatorCommands } from './operator-commands';
import { addNodeCommands } from './node-commands';
import { addDisableCommand } from './proxy-disable-command';

function readRows(file: string): string | unknown[] {
  const text = fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8');
  if (!file.toLowerCase().endsWith('.json')) return text;
  const parsed: unknown = JSON.parse(text);
  // The API's body, {"proxies": [...]}, or the bare array.
  return requestOf(ProxyImportRequestSchema, Array.isArray(parsed) ? { proxies: parsed } : parsed).proxies;
}

const program = new Command('portal')
  .description('Operator tool of the proxy rental portal')
  .option(
    '--operator <name>',
    'act as this operator (their role applies; audited under their name); default: the owner',
  )
  .hook('preAction', () => setCliOperator(program.opts<{ operator?: string }>().operator));
const proxies = program.command('proxies').description('the inventory of upstream proxies');

proxies
  .command('import <file>')
  .description(
    'add proxies from a .json, .csv or plain-text file (one upstream a line: host:port, host:port:user:pass, user:pass@host:port, socks5://…, http://…); all valid, or nothing is stored',
  )
  .option('--protocol <socks5|http>', 'scheme of plain-text lines without one; else each is probed (SOCKS5, then HTTP)')
  .option('--type <type>', 'type of the whole batch (mobile, residential, datacenter); else discovered')
  .option('--node <name>', "the gateway node that serves the batch; else the shop's own gateway (or each row's node)")
  .action(async (file: string, options: { protocol?: string; type?: string; node?: string }) => {
    const query = requestOf(ProxyImportQuerySchema, options);
    const rows = readRows(file);
    const stored = await asOperator(importProxiesEndpoint, (deps, actor) =>
      importInventory(deps, actor, rows, query, { file }),
    );
    const { ids } = stored;
    console.log(
      ids.length > 0
        ? `Imported ${counted(ids.length, 'proxy', 'proxies')} (ids ${ids[0]}..${ids[ids.length - 1]}).`
        : 'Imported no proxies.',
    );
    for (const duplicate of stored.duplicates) {
      console.log(`Line ${duplicate.row}: ${duplicate.upstream} is already in the inventory (skipped).`);
    }
    if (stored.checking > 0) {
      console.log(
        `${stored.checking} wait for discovery: the server looks them up through their upstreams, or run: npm run cli -- proxies check`,
      );
    }
  });

proxies
  .command('check [ids...]')
  .description('check proxies through their upstreams now (all when no id is given): health, exit IP, discovery')
  .option('--json', 'print JSON')
  .action(async (ids: string[], options: { json?: boolean }) => {
    const input = requestOf(ProxyCheckRequestSchema, ids.length > 0 ? { ids: ids.map(numberOrText) } : {});
    const results = await asOperator(checkProxiesEndpoint, (deps, actor, config) =>
      checkProxiesBy(discoveryDepsOf({ ...deps, config }), actor, input),
    );
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
    const rows = await asOperator(inventoryEndpoint, (deps) => listInventory(deps.db));
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
    console.log(counted(rows.length, 'proxy', 'proxies'));
  });

addRowCommand(
  proxies,
  { name: 'enable', description: 'put a proxy back in the catalogue', endpoint: enableProxyEndpoint },
  byId(enableProxyEndpoint),
  (deps, actor, id) => setProxyEnabledBy(deps, actor, id, true),
  (id) => `Proxy ${id} enabled.`,
);

addDisableCommand(proxies);
addNodeCommands(program, proxies);

addLedgerCommands(program);

const giftcards = program.command('giftcards').description('gift card codes');
giftcards
  .command('create')
  .description('create codes worth an amount each; prints one code a line')
  .requiredOption('--amount <dollars>', 'value of each card', numberOrText)
  .requiredOption('--count <n>', 'how many codes', numberOrText)
  .action(async (options: { amount: number | string; count: number | string }) => {
    const input = requestOf(GiftcardCreateRequestSchema, options);
    const codes = await asOperator(createGiftcardsEndpoint, (deps, actor) => createGiftcardBatch(deps, actor, input));
    console.log(codes.join('\n'));
  });

function report(problems: RowProblem[]): void {
  for (const p of problems) console.error(`  row ${p.row}, ${p.field}: ${p.message}`);
}

addConsoleCommands(program, giftcards);
addDbCommands(program);
addOperatorCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DomainError || error instanceof SyntaxError) {
    // The API's error code too, so a script can tell refusals apart as an API client does.
    console.error(error instanceof DomainError ? `${error.message} (${error.code})` : error.message);
    if (error instanceof DomainError && error.problems) report(error.problems);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exitCode = 1;
});
