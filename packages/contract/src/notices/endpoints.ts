import { defineEndpoint } from '../api/endpoint';
import { ANY_ROLE } from '../admin/roles';
import {
  AdminNoticesQuerySchema,
  AdminNoticesResponseSchema,
  BroadcastRequestSchema,
  BroadcastResponseSchema,
  EmailConfirmRequestSchema,
  EmailSetRequestSchema,
  EmailTopicsRequestSchema,
  NoticeOkResponseSchema,
  NoticeSettingsResponseSchema,
  OperatorTelegramLinkResponseSchema,
  OperatorTelegramResponseSchema,
  OperatorTelegramUnlinkResponseSchema,
  TelegramLinkRequestSchema,
  TelegramLinkResponseSchema,
} from './schemas';

export const noticeSettingsEndpoint = defineEndpoint({
  operationId: 'getNoticeSettings',
  method: 'GET',
  path: '/api/account/notices',
  tag: 'notices',
  summary: 'How the account is told things: Telegram and e-mail',
  access: 'customer',
  response: NoticeSettingsResponseSchema,
});

export const telegramLinkEndpoint = defineEndpoint({
  operationId: 'linkTelegram',
  method: 'POST',
  path: '/api/account/telegram',
  tag: 'notices',
  summary: 'A one-time link that connects a Telegram chat to the account',
  description:
    'Answers `https://t.me/<bot>?start=<code>`; the code works once, for one hour, and a newer one replaces it. The body may be empty.',
  access: 'customer',
  request: { body: TelegramLinkRequestSchema },
  response: TelegramLinkResponseSchema,
  errors: ['TELEGRAM_NOT_CONFIGURED', 'TELEGRAM_UNAVAILABLE'],
});

export const telegramUnlinkEndpoint = defineEndpoint({
  operationId: 'unlinkTelegram',
  method: 'DELETE',
  path: '/api/account/telegram',
  tag: 'notices',
  summary: 'Disconnect the Telegram chat; notices not yet sent to it are dropped',
  access: 'customer',
  response: NoticeOkResponseSchema,
});

export const emailSetEndpoint = defineEndpoint({
  operationId: 'setNoticeEmail',
  method: 'POST',
  path: '/api/account/email',
  tag: 'notices',
  summary: 'Set the e-mail address for notices and send it a confirmation link',
  description: 'The address receives nothing but the confirmation until its link is opened.',
  access: 'customer',
  request: { body: EmailSetRequestSchema },
  response: NoticeOkResponseSchema,
  errors: ['EMAIL_NOT_CONFIGURED', 'RATE_LIMITED'],
});

export const emailConfirmEndpoint = defineEndpoint({
  operationId: 'confirmNoticeEmail',
  method: 'POST',
  path: '/api/account/email/confirm',
  tag: 'notices',
  summary: 'Confirm an e-mail address with the token of its confirmation link',
  description:
    'The link (`/email/confirm?token=…`) opens a page that makes this call when its button is pressed: opening the link confirms nothing.',
  access: 'public',
  request: { body: EmailConfirmRequestSchema },
  response: NoticeOkResponseSchema,
  errors: ['EMAIL_TOKEN_INVALID'],
});

export const emailTopicsEndpoint = defineEndpoint({
  operationId: 'setNoticeEmailTopics',
  method: 'POST',
  path: '/api/account/email/topics',
  tag: 'notices',
  summary: 'Choose which notices come by e-mail',
  access: 'customer',
  request: { body: EmailTopicsRequestSchema },
  response: NoticeOkResponseSchema,
  errors: ['EMAIL_NOT_SET'],
});

export const emailRemoveEndpoint = defineEndpoint({
  operationId: 'removeNoticeEmail',
  method: 'DELETE',
  path: '/api/account/email',
  tag: 'notices',
  summary: 'Remove the e-mail address; notices not yet sent to it are dropped',
  access: 'customer',
  response: NoticeOkResponseSchema,
});

export const adminNoticesEndpoint = defineEndpoint({
  operationId: 'adminListNotices',
  method: 'GET',
  path: '/api/admin/notices',
  tag: 'console',
  summary: 'Notices sent, waiting and failed (with the reason), newest first',
  access: 'admin',
  // Support answers "I was not told": it sees what was sent and why something failed.
  roles: ['manager', 'support'],
  request: { query: AdminNoticesQuerySchema },
  response: AdminNoticesResponseSchema,
});

export const adminBroadcastEndpoint = defineEndpoint({
  operationId: 'adminBroadcast',
  method: 'POST',
  path: '/api/admin/broadcast',
  tag: 'console',
  summary: 'Publish a news item and, optionally, send it to every linked Telegram chat',
  description: 'Telegram messages go through the notice queue, within Telegram’s rate limits.',
  access: 'admin',
  // A broadcast is a news item first: whoever may publish news may send it.
  roles: ['manager'],
  request: { body: BroadcastRequestSchema },
  response: BroadcastResponseSchema,
});

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
