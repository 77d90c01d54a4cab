import { defineEndpoint } from '../api/endpoint';
import {
  AdminMeResponseSchema,
  AdminSessionEndResponseSchema,
  AdminSessionIdParamsSchema,
  AdminSessionListResponseSchema,
  OperatorUnlockResponseSchema,
  OperatorCreateRequestSchema,
  OperatorCreateResponseSchema,
  OperatorDeleteResponseSchema,
  OperatorIdParamsSchema,
  OperatorListResponseSchema,
  TotpConfirmRequestSchema,
  TotpConfirmResponseSchema,
  TotpEnrollResponseSchema,
  TotpPolicyRequestSchema,
  TotpPolicyResponseSchema,
} from './operator-schemas';
import { ANY_ROLE } from './roles';

export const listOperatorsEndpoint = defineEndpoint({
  operationId: 'listOperators',
  method: 'GET',
  path: '/api/admin/operators',
  tag: 'admin',
  summary: 'The operator team',
  description: 'Each operator with their role and whether they use an authenticator app; never a secret.',
  access: 'admin',
  response: OperatorListResponseSchema,
});

export const createOperatorEndpoint = defineEndpoint({
  operationId: 'createOperator',
  method: 'POST',
  path: '/api/admin/operators',
  tag: 'admin',
  summary: 'Add an operator',
  description: 'Answers their secret code once; only a slow hash of it is kept.',
  access: 'admin',
  request: { body: OperatorCreateRequestSchema },
  response: OperatorCreateResponseSchema,
  errors: ['OPERATOR_NAME_TAKEN'],
});

export const deleteOperatorEndpoint = defineEndpoint({
  operationId: 'deleteOperator',
  method: 'DELETE',
  path: '/api/admin/operators/:id',
  tag: 'admin',
  summary: 'Remove an operator',
  description: 'Their sessions end at once, in every server process.',
  access: 'admin',
  request: { params: OperatorIdParamsSchema },
  response: OperatorDeleteResponseSchema,
  errors: ['OPERATOR_NOT_FOUND', 'OPERATOR_BUILTIN'],
});

export const totpPolicyEndpoint = defineEndpoint({
  operationId: 'setTotpPolicy',
  method: 'POST',
  path: '/api/admin/totp/policy',
  tag: 'admin',
  summary: 'Require an authenticator app of every operator',
  description:
    'While required, an operator without one may only set it up. The owner turning it on must use one already; turning it on ends every other session that was not opened with an authenticator code.',
  access: 'admin',
  request: { body: TotpPolicyRequestSchema },
  response: TotpPolicyResponseSchema,
});

export const adminMeEndpoint = defineEndpoint({
  operationId: 'getAdminMe',
  method: 'GET',
  path: '/api/admin/me',
  tag: 'admin',
  summary: 'The signed-in operator',
  description: 'Name, role and authenticator state: the console shows only what the role may use.',
  access: 'admin',
  roles: ANY_ROLE,
  beforeTotp: true,
  response: AdminMeResponseSchema,
});

export const totpEnrollEndpoint = defineEndpoint({
  operationId: 'enrollTotp',
  method: 'POST',
  path: '/api/admin/totp/enroll',
  tag: 'admin',
  summary: 'Start setting up an authenticator app',
  description: 'A new secret for the signed-in operator; it takes effect once confirmed with a code.',
  access: 'admin',
  roles: ANY_ROLE,
  beforeTotp: true,
  response: TotpEnrollResponseSchema,
  errors: ['TOTP_ALREADY_ENABLED'],
});

export const totpConfirmEndpoint = defineEndpoint({
  operationId: 'confirmTotp',
  method: 'POST',
  path: '/api/admin/totp/confirm',
  tag: 'admin',
  summary: 'Turn the authenticator app on',
  description:
    "With a code from the app; answers ten recovery codes, once. From then on login needs a code, and the operator's other sessions end.",
  access: 'admin',
  roles: ANY_ROLE,
  beforeTotp: true,
  request: { body: TotpConfirmRequestSchema },
  response: TotpConfirmResponseSchema,
  errors: ['TOTP_NOT_PENDING', 'TOTP_ALREADY_ENABLED', 'TOTP_CODE_WRONG'],
});

export const unlockOperatorEndpoint = defineEndpoint({
  operationId: 'unlockOperator',
  method: 'POST',
  path: '/api/admin/operators/:id/unlock',
  tag: 'admin',
  summary: 'Unlock an operator',
  description:
    'After too many wrong authenticator codes at login (from any addresses) an operator is locked, the right code included; this lets them log in again.',
  access: 'admin',
  request: { params: OperatorIdParamsSchema },
  response: OperatorUnlockResponseSchema,
  errors: ['OPERATOR_NOT_FOUND'],
});

export const listAdminSessionsEndpoint = defineEndpoint({
  operationId: 'listAdminSessions',
  method: 'GET',
  path: '/api/admin/sessions',
  tag: 'admin',
  summary: 'My sessions',
  description: "The signed-in operator's own unexpired sessions: when and from where each logged in.",
  access: 'admin',
  roles: ANY_ROLE,
  beforeTotp: true,
  response: AdminSessionListResponseSchema,
});

export const endAdminSessionEndpoint = defineEndpoint({
  operationId: 'endAdminSession',
  method: 'DELETE',
  path: '/api/admin/sessions/:id',
  tag: 'admin',
  summary: 'End one of my sessions',
  description: 'The token of that session stops working at once, in every server process.',
  access: 'admin',
  roles: ANY_ROLE,
  beforeTotp: true,
  request: { params: AdminSessionIdParamsSchema },
  response: AdminSessionEndResponseSchema,
  errors: ['ADMIN_SESSION_NOT_FOUND'],
});
