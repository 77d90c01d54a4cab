import {
  adminBroadcastEndpoint,
  adminNoticesEndpoint,
  emailConfirmEndpoint,
  emailRemoveEndpoint,
  emailSetEndpoint,
  emailTopicsEndpoint,
  noticeSettingsEndpoint,
  operatorTelegramEndpoint,
  operatorTelegramLinkEndpoint,
  operatorTelegramUnlinkEndpoint,
  telegramLinkEndpoint,
  telegramUnlinkEndpoint,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsDeps } from '../accounts/accounts-service';
import { adminActorOf, adminSessionOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { DomainError } from '../errors';
import type { ListenedValue } from '../lib/listened-value';
import { customerOf, requireCustomer } from '../plugins/customer-auth';
import { endpointRoutes } from '../plugins/endpoint-routes';
import type { JsonSnapshot } from '../plugins/snapshot-reply';
import {
  broadcast,
  confirmEmail,
  createTelegramLink,
  listNotices,
  noticeSettings,
  removeEmail,
  setEmail,
  setEmailTopics,
  unlinkTelegram,
  type ContactsDeps,
} from './notices-service';
import { createOperatorTelegramLink, operatorTelegramStatus, unlinkOperatorTelegram } from './operator-alerts';

export interface NoticesRoutesOptions
  extends AdminAuthDeps, Pick<AccountsDeps, 'customers'>, Omit<ContactsDeps, 'db' | 'clock'> {
  /** The public news answer, refreshed after a broadcast adds an item. */
  news: ListenedValue<JsonSnapshot>;
}

/** Confirmation mails one address may be sent per hour: a form must not become a way to mail-bomb someone. */
const EMAIL_SETS_PER_HOUR = 10;

/** The account's Telegram and e-mail notices, and the operator's view of them. */
export const noticesRoutes: FastifyPluginAsyncZod<NoticesRoutesOptions> = async (app, options) => {
  const { news, ...deps } = options;
  const route = endpointRoutes(app, { customer: requireCustomer(deps), admin: requireAdmin(deps) });

  route(noticeSettingsEndpoint, async (request) => noticeSettings(deps, customerOf(request).id));

  route(telegramLinkEndpoint, async (request) => ({
    success: true as const,
    url: await createTelegramLink(deps, customerOf(request).id, request.body?.language),
  }));

  // The signed-in operator's own chat, where owners and managers get operator alerts.
  route(operatorTelegramEndpoint, async (request) => operatorTelegramStatus(deps, adminSessionOf(request)));

  route(operatorTelegramLinkEndpoint, async (request) => ({
    success: true as const,
    url: await createOperatorTelegramLink(deps, adminSessionOf(request).operatorId),
  }));

  route(operatorTelegramUnlinkEndpoint, async (request) => {
    await unlinkOperatorTelegram(deps.db, adminSessionOf(request).operatorId, 'the operator disconnected Telegram');
    return { success: true as const };
  });

  route(telegramUnlinkEndpoint, async (request) => {
    await unlinkTelegram(deps.db, customerOf(request).id);
    return { success: true as const };
  });

  route(
    emailSetEndpoint,
    async (request) => {
      await setEmail(deps, customerOf(request).id, request.body.email, request.body.language);
      return { success: true as const };
    },
    {
      config: {
        rateLimit: {
          max: EMAIL_SETS_PER_HOUR,
          timeWindow: '1 hour',
          errorResponseBuilder: () => new DomainError('RATE_LIMITED'),
        },
      },
    },
  );

  route(emailConfirmEndpoint, async (request) => {
    await confirmEmail(deps, request.body.token);
    return { success: true as const };
  });

  route(emailTopicsEndpoint, async (request) => {
    await setEmailTopics(deps.db, customerOf(request).id, request.body.topics);
    return { success: true as const };
  });

  route(emailRemoveEndpoint, async (request) => {
    await removeEmail(deps.db, customerOf(request).id);
    return { success: true as const };
  });

  route(adminNoticesEndpoint, async (request) => ({
    success: true as const,
    ...(await listNotices(deps, request.query)),
  }));

  route(adminBroadcastEndpoint, async (request) => {
    const result = await broadcast(deps, adminActorOf(request), request.body);
    news.invalidate();
    return { success: true as const, ...result };
  });
};
