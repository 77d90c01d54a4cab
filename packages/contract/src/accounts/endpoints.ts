import { defineEndpoint } from '../api/endpoint';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  WalletResponseSchema,
  WalletActivityResponseSchema,
  WALLET_ACTIVITY_LIMIT,
} from './schemas';

export const registerEndpoint = defineEndpoint({
  operationId: 'register',
  method: 'POST',
  path: '/api/register',
  tag: 'accounts',
  summary: 'Create an account',
  description: 'Answers the new API key once; only a hash of it is stored. The body may be empty.',
  access: 'public',
  request: { body: RegisterRequestSchema },
  response: RegisterResponseSchema,
  errors: ['RATE_LIMITED'],
});

export const loginEndpoint = defineEndpoint({
  operationId: 'login',
  method: 'POST',
  path: '/api/login',
  tag: 'accounts',
  summary: 'Start a browser session',
  description:
    'The key in the body, or an empty body with the key in x-api-key (auto-login). Sets the session cookie; a later login ends this session.',
  access: 'public',
  request: { body: LoginRequestSchema },
  response: LoginResponseSchema,
  errors: ['API_KEY_REQUIRED', 'INVALID_API_KEY', 'LOGIN_RATE_LIMITED', 'API_KEY_RATE_LIMITED'],
});

export const logoutEndpoint = defineEndpoint({
  operationId: 'logout',
  method: 'POST',
  path: '/api/logout',
  tag: 'accounts',
  summary: 'End the browser session',
  access: 'public',
  response: LogoutResponseSchema,
});

export const walletActivityEndpoint = defineEndpoint({
  operationId: 'getWalletActivity',
  method: 'GET',
  path: '/api/wallet/activity',
  tag: 'accounts',
  summary: 'Every change of your balance',
  description: `The newest ${WALLET_ACTIVITY_LIMIT} balance changes, newest first: deposits, gift cards, purchases, extensions, refunds, referral rewards and adjustments, each with its signed amount and the balance after it (dollars).`,
  access: 'customer',
  response: WalletActivityResponseSchema,
});

export const walletEndpoint = defineEndpoint({
  operationId: 'getWallet',
  method: 'GET',
  path: '/api/wallet',
  tag: 'accounts',
  summary: 'Wallet balance in dollars',
  access: 'customer',
  response: WalletResponseSchema,
});
