import process from 'node:process';
import type { Command } from 'commander';
import type { z } from 'zod';
import { roleMayCall, type AdminRole, type AuditAction, type Endpoint } from '@portal/contract';
import { recordAudit, recordFlood, type AuditActor } from '../audit/audit-service';
import { activeOperatorNamed, builtinOwner } from '../admin/operators-service';
import { type Clock, systemClock } from '../clock';
import { loadConfig, type Config } from '../config';
import { embeddedDir, openDatabase, openEmbedded, type Database, type DatabaseHandle } from '../db/client';
import { runningServerUrl } from '../db/embedded-postgres';
import { DomainError } from '../errors';
import { dataDirInUse, lockDataDir } from '../lib/data-dir';
import { describeValidation } from '../plugins/error-handler';

export const cliConfig = () => loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());

/**
 * The embedded database of a running `npm start` (reached through its socket), or null when
 * none runs. `exclusive` commands (restore, the move from PGlite) refuse to run beside it.
 */
export function runningEmbedded(config: Config, exclusive: boolean): DatabaseHandle | null {
  if (config.databaseUrl || !dataDirInUse(config.dataDir)) return null;
  const url = runningServerUrl(embeddedDir(config.dataDir));
  if (!url || exclusive) {
    throw new Error(`The portal is running on ${config.dataDir}: stop it first (Ctrl-C), then run this command again.`);
  }
  return openEmbedded(url, async () => undefined);
}

/**
 * The operator's tool: works on the database directly, with the same
 * configuration as the server. On the embedded database it uses the running server's database
 * when there is one, or starts it for the command.
 */
export async function withDatabase<T>(
  run: (db: Database, config: Config) => Promise<T>,
  options: { exclusive?: boolean } = {},
): Promise<T> {
  const config = cliConfig();
  const running = runningEmbedded(config, options.exclusive === true);
  if (running) {
    try {
      return await run(running.db, config);
    } finally {
      await running.close();
    }
  }
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await run(database.db, config);
  } finally {
    await database.close();
    unlock();
  }
}

/** Prints rows as tab-separated columns under a header line, for reading and for `cut`/`awk`. */
export function table(header: string[], rows: (string | number | null)[][]): void {
  console.log(header.join('\t'));
  for (const row of rows) console.log(row.map((cell) => cell ?? '').join('\t'));
}

/** An argument that looks like a number becomes one, as in a JSON body; the schema judges the rest. */
export const numberOrText = (value: string): number | string => (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);

let operatorName: string | undefined;

/** `--operator <name>`: whom the command line acts as; without it, the built-in owner. */
export function setCliOperator(name: string | undefined): void {
  operatorName = name;
}

/**
 * Who the command line acts as, in the audit log (`cli`, with the operator's id and name), after
 * checking that their role may make the API call the command stands for. Whoever runs the tool
 * can read the database anyway: the check keeps a named operator's scripts to their role and
 * their actions under their name, it is not a wall.
 */
async function cliActor(
  db: Database,
  endpoint?: Pick<Endpoint, 'operationId' | 'summary' | 'roles'>,
): Promise<AuditActor & { operatorId: number }> {
  const now = systemClock.now();
  const row = operatorName === undefined ? await builtinOwner(db, now) : await namedOperator(db, operatorName);
  const actor = { via: 'cli' as const, operatorId: row.id, operatorName: row.name, source: 'cli' };
  if (endpoint && !roleMayCall(row.role as AdminRole, endpoint)) {
    await recordFlood(
      db,
      { actor, action: 'admin.forbidden', details: { operation: endpoint.operationId, role: row.role }, at: now },
      endpoint.operationId,
    );
    throw new DomainError('ADMIN_ROLE_FORBIDDEN', {
      message: `${row.name} is ${row.role}: that role may not ${endpoint.summary.toLowerCase()}.`,
    });
  }
  return actor;
}

/** Refuses, as `asOperator` does, when the command line's operator may not act as `endpoint`. */
export async function requireRole(db: Database, endpoint: Pick<Endpoint, 'operationId' | 'summary' | 'roles'>) {
  await cliActor(db, endpoint);
}

/** An operator named so on the team (not removed), or OPERATOR_NOT_FOUND. */
export async function namedOperator(db: Database, name: string) {
  const row = await activeOperatorNamed(db, name);
  if (!row) throw new DomainError('OPERATOR_NOT_FOUND', { message: `No operator is named ${name}.` });
  return row;
}

/**
 * Runs an operator action of the API from the command line: with the service's deps, as the
 * command line's operator once their role is checked against the endpoint.
 */
export function asOperator<T>(
  endpoint: Pick<Endpoint, 'operationId' | 'summary' | 'roles'>,
  act: (deps: { db: Database; clock: Clock }, actor: AuditActor & { operatorId: number }, config: Config) => Promise<T>,
): Promise<T> {
  return withDatabase(async (db, config) => act({ db, clock: systemClock }, await cliActor(db, endpoint), config));
}

/**
 * Reads a command's options with the request schema of the API call it stands for, so the same
 * bad input gets the same refusal (sentence and code) at both doors.
 */
export function requestOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    instancePath: issue.path.length > 0 ? `/${issue.path.join('/')}` : '',
    message: issue.message,
  }));
  throw new DomainError('BAD_REQUEST', { message: describeValidation(issues, 'body') });
}

/** Command-line actions that are not operator actions of the API (restore, the move) are audited here. */
export async function cliAudit(db: Database, action: AuditAction, details: Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actor: await cliActor(db), action, details, at: systemClock.now() });
}

type OperatorDeps = Parameters<Parameters<typeof asOperator>[1]>[0];
type OperatorActor = Parameters<Parameters<typeof asOperator>[1]>[1];

/**
 * How a row command finds its row from its one argument: `read` runs first, on the text alone (a
 * bad id is refused before the database is opened), and answers the lookup run once it is.
 */
export interface RowArgument<Id> {
  name: string;
  read: (text: string) => (db: Database) => Id | Promise<Id>;
}

/** The row's id, read with the call's own path schema, so a bad one is refused as the API refuses it. */
export function byId<Id>(endpoint: { request: { params: z.ZodType<{ id: Id }> } }): RowArgument<Id> {
  return {
    name: 'id',
    read: (text) => {
      const { id } = requestOf(endpoint.request.params, { id: text });
      return () => id;
    },
  };
}

/** `<name> <argument>`: one operator call on one row; `done` is the line printed when it succeeds. */
export function addRowCommand<Id, T>(
  parent: Command,
  command: { name: string; description: string; endpoint: Pick<Endpoint, 'operationId' | 'summary' | 'roles'> },
  row: RowArgument<Id>,
  act: (deps: OperatorDeps, actor: OperatorActor, id: Id) => Promise<T>,
  done: (text: string, result: T) => string,
): void {
  parent
    .command(`${command.name} <${row.name}>`)
    .description(command.description)
    .action(async (text: string) => {
      const find = row.read(text);
      const result = await asOperator(command.endpoint, async (deps, actor) => act(deps, actor, await find(deps.db)));
      console.log(done(text, result));
    });
}

/**
 * `<name>`: a command that only reads, so no operator acts and no audit row is written; `print`
 * shows what `read` found.
 */
export function addReadCommand<T>(
  parent: Command,
  command: { name: string; description: string; endpoint?: Pick<Endpoint, 'operationId' | 'summary' | 'roles'> },
  read: (db: Database) => Promise<T>,
  print: (result: T) => void,
): void {
  const { endpoint } = command;
  parent
    .command(command.name)
    .description(command.description)
    .action(async () => print(await (endpoint ? asOperator(endpoint, (deps) => read(deps.db)) : withDatabase(read))));
}
