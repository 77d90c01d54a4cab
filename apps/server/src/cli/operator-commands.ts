import {
  AdminRoleSchema,
  createOperatorEndpoint,
  deleteOperatorEndpoint,
  endAdminSessionEndpoint,
  listAdminSessionsEndpoint,
  listOperatorsEndpoint,
  OperatorCreateRequestSchema,
  unlockOperatorEndpoint,
} from '@portal/contract';
import type { Command } from 'commander';
import { createOperator, listOperators, removeOperator } from '../admin/operators-service';
import { endOwnSession, listOwnSessions } from '../admin/admin-sessions-service';
import { turnOffTotp } from '../admin/totp';
import { unlockOperator } from '../admin/totp-lock';
import {
  addReadCommand,
  addRowCommand,
  asOperator,
  byId,
  namedOperator,
  type RowArgument,
  requestOf,
  table,
} from './cli-support';

/** Turning off someone's authenticator has no API twin: it is the owner's alone. */
const TOTP_OFF = { operationId: 'cliTotpOff', summary: "Turn off an operator's authenticator app" };

/** An operator on the team by name (the owner's commands name whom they act on). */
const byName: RowArgument<number> = {
  name: 'name',
  read: (name) => async (db) => (await namedOperator(db, name)).id,
};

/** The operator team from the command line: the same calls as the console's Operators screen. */
export function addOperatorCommands(program: Command): void {
  const team = program.command('operators').description('the operator team (owner only)');

  addReadCommand(
    team,
    {
      name: 'list',
      description: 'every operator with role and authenticator state; never a secret',
      endpoint: listOperatorsEndpoint,
    },
    listOperators,
    ({ operators, totpRequired }) => {
      const rows = operators.map((o) => {
        const authenticator = o.totpEnabled ? 'on' : 'off';
        return [o.id, o.name, o.role, authenticator, o.locked ? 'LOCKED' : '', o.lastLoginAt];
      });
      table(['id', 'name', 'role', 'authenticator', 'locked', 'last_login'], rows);
      console.log(`Authenticator app required of everyone: ${totpRequired ? 'yes' : 'no'}`);
    },
  );

  team
    .command('add')
    .description('add an operator; prints their secret code once')
    .requiredOption('--name <name>', 'how the console and the audit log name them')
    .requiredOption('--role <role>', `one of ${AdminRoleSchema.options.join(', ')}`)
    .action(async (options: { name: string; role: string }) => {
      const input = requestOf(OperatorCreateRequestSchema, options);
      const { operator, secretCode } = await asOperator(createOperatorEndpoint, (deps, actor) =>
        createOperator(deps, actor, input),
      );
      console.log(`Operator ${operator.id} (${operator.name}, ${operator.role}) added. Secret code, shown once:`);
      console.log(secretCode);
    });

  addRowCommand(
    team,
    { name: 'remove', description: 'remove an operator; their sessions end at once', endpoint: deleteOperatorEndpoint },
    byId(deleteOperatorEndpoint),
    removeOperator,
    (id) => `Operator ${id} removed.`,
  );

  addRowCommand(
    team,
    {
      name: 'totp-off',
      description: "turn off an operator's authenticator app (a lost phone and lost recovery codes)",
      endpoint: TOTP_OFF,
    },
    byName,
    turnOffTotp,
    (name) =>
      `The authenticator app of ${name} is off and their sessions ended: the secret code alone logs in until one is set up.`,
  );

  addRowCommand(
    team,
    {
      name: 'unlock',
      description: 'let an operator log in again after too many wrong authenticator codes locked them',
      endpoint: unlockOperatorEndpoint,
    },
    byName,
    unlockOperator,
    (name) => `${name} is unlocked.`,
  );

  const sessions = program.command('sessions').description("your own admin sessions (the owner's, or --operator's)");
  sessions
    .command('list')
    .description('the sessions that still work: when and from where each logged in')
    .action(async () => {
      const list = await asOperator(listAdminSessionsEndpoint, (deps, actor) =>
        listOwnSessions(deps.db, { operatorId: actor.operatorId, tokenId: null }, deps.clock.now()),
      );
      table(
        ['id', 'since', 'until', 'source', 'authenticator', 'browser'],
        list.map((s) => [s.id, s.createdAt, s.expiresAt, s.source, s.secondFactor ? 'yes' : 'no', s.userAgent]),
      );
    });
  addRowCommand(
    sessions,
    {
      name: 'end',
      description: 'end one of your sessions: its token stops working at once',
      endpoint: endAdminSessionEndpoint,
    },
    byId(endAdminSessionEndpoint),
    endOwnSession,
    (id) => `Session ${id} ended.`,
  );
}
