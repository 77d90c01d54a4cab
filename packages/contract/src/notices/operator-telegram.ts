import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import { successResponse } from '../common/schemas';
import { ANY_ROLE, type AdminRole } from '../admin/roles';

/**
 * The roles whose linked Telegram chat gets operator alerts (a gateway or the database gone, low
 * stock, the IPQS budget, a failed backup, a failing payment provider): those who run operations.
 */
export const ALERT_ROLES: readonly AdminRole[] = ['owner', 'manager'];

export const OperatorTelegramResponseSchema = successResponse({
  /** Whether this server has a Telegram bot (TELEGRAM_BOT_TOKEN). */
  available: z.boolean(),
  linked: z.boolean(),
  /** Whether this operator's role gets operator alerts in the chat. */
  getsAlerts: z.boolean(),
});
export type OperatorTelegram = z.infer<typeof OperatorTelegramResponseSchema>;

export const OperatorTelegramLinkResponseSchema = successResponse({
  /** `https://t.me/<bot>?start=<one-time code>`: opening it and pressing Start links the chat. */
  url: z.string(),
});

export const OperatorTelegramUnlinkResponseSchema = successResponse({});

export const operatorTelegramEndpoint = defineEndpoint({
  operationId: 'getOperatorTelegram',
  method: 'GET',
  path: '/api/admin/telegram',
  tag: 'admin',
  summary: "The signed-in operator's Telegram chat for alerts",
  access: 'admin',
  roles: ANY_ROLE,
  response: OperatorTelegramResponseSchema,
});

export const operatorTelegramLinkEndpoint = defineEndpoint({
  operationId: 'linkOperatorTelegram',
  method: 'POST',
  path: '/api/admin/telegram',
  tag: 'admin',
  summary: 'A one-time link that connects a Telegram chat to the signed-in operator',
  description:
    'Answers `https://t.me/<bot>?start=<code>`; the code works once, for one hour, and a newer one replaces it. Owners and managers get operator alerts there.',
  access: 'admin',
  roles: ANY_ROLE,
  response: OperatorTelegramLinkResponseSchema,
  errors: ['TELEGRAM_NOT_CONFIGURED', 'TELEGRAM_UNAVAILABLE'],
});

export const operatorTelegramUnlinkEndpoint = defineEndpoint({
  operationId: 'unlinkOperatorTelegram',
  method: 'DELETE',
  path: '/api/admin/telegram',
  tag: 'admin',
  summary: "Disconnect the signed-in operator's Telegram chat; alerts not yet sent to it are dropped",
  access: 'admin',
  roles: ANY_ROLE,
  response: OperatorTelegramUnlinkResponseSchema,
});
