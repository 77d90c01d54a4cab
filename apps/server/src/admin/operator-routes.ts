import {
  adminMeEndpoint,
  createOperatorEndpoint,
  deleteOperatorEndpoint,
  endAdminSessionEndpoint,
  listAdminSessionsEndpoint,
  listOperatorsEndpoint,
  unlockOperatorEndpoint,
  totpConfirmEndpoint,
  totpEnrollEndpoint,
  totpPolicyEndpoint,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoutes } from '../plugins/endpoint-routes';
import { adminActorOf, adminSessionOf, requireAdmin, type AdminAuthDeps } from '../plugins/admin-auth';
import { endOwnSession, listOwnSessions } from './admin-sessions-service';
import { createOperator, listOperators, operatorOfSession, removeOperator, setTotpRequired } from './operators-service';
import { confirmTotp, enrollTotp } from './totp';
import { unlockOperator } from './totp-lock';

/** The operator team (the owner's) and each operator's own session and authenticator app. */
export const operatorRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, deps) => {
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(listOperatorsEndpoint, async () => ({ success: true as const, ...(await listOperators(deps.db)) }));

  route(createOperatorEndpoint, async (request) => ({
    success: true as const,
    ...(await createOperator(deps, adminActorOf(request), request.body)),
  }));

  route(deleteOperatorEndpoint, async (request) => {
    await removeOperator(deps, adminActorOf(request), request.params.id);
    return { success: true as const, id: request.params.id };
  });

  route(totpPolicyEndpoint, async (request) => ({
    success: true as const,
    totpRequired: await setTotpRequired(deps, adminActorOf(request), {
      required: request.body.required,
      callerHasTotp: adminSessionOf(request).totpEnabled,
      callerSession: adminSessionOf(request).tokenId,
    }),
  }));

  route(adminMeEndpoint, async (request) => {
    const session = adminSessionOf(request);
    const operator = await operatorOfSession(deps.db, session.operatorId);
    return { success: true as const, operator, totpRequired: session.totpRequired };
  });

  route(totpEnrollEndpoint, async (request) => ({
    success: true as const,
    ...(await enrollTotp(deps, adminActorOf(request))),
  }));

  route(totpConfirmEndpoint, async (request) => ({
    success: true as const,
    recoveryCodes: await confirmTotp(deps, adminActorOf(request), request.body.code, adminSessionOf(request).tokenId),
  }));

  route(unlockOperatorEndpoint, async (request) => {
    await unlockOperator(deps, adminActorOf(request), request.params.id);
    return { success: true as const, id: request.params.id };
  });

  route(listAdminSessionsEndpoint, async (request) => {
    const session = adminSessionOf(request);
    return { success: true as const, sessions: await listOwnSessions(deps.db, session, deps.clock.now()) };
  });

  route(endAdminSessionEndpoint, async (request) => {
    await endOwnSession(deps, adminActorOf(request), request.params.id);
    return { success: true as const, id: request.params.id };
  });
};
