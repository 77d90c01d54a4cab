import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import {
  GiftcardRequestSchema,
  GiftcardResponseSchema,
  PaymentCreateRequestSchema,
  PaymentCreateResponseSchema,
  PaymentHistoryResponseSchema,
  PaymentServicesResponseSchema,
  PaymentStatusRequestSchema,
  PaymentStatusResponseSchema,
  PaymentUuidParamsSchema,
  SandboxOutcomeRequestSchema,
  SandboxPaymentResponseSchema,
  PROVIDER_CHECK_INTERVAL_MS,
} from './schemas';
import { MIN_DEPOSIT_USD } from '../constants';

export const paymentServicesEndpoint = defineEndpoint({
  operationId: 'listPaymentServices',
  method: 'GET',
  path: '/api/payments/services',
  tag: 'payments',
  summary: 'The payment methods the active provider offers',
  access: 'customer',
  response: PaymentServicesResponseSchema,
  errors: ['PROVIDER_UNAVAILABLE'],
});

export const paymentCreateEndpoint = defineEndpoint({
  operationId: 'createPayment',
  method: 'POST',
  path: '/api/payments/create',
  tag: 'payments',
  summary: 'Create a payment',
  description: `Whole dollars, at least ${MIN_DEPOSIT_USD}. Pay at the answered url (a new tab).`,
  access: 'customer',
  request: { body: PaymentCreateRequestSchema },
  response: PaymentCreateResponseSchema,
  errors: ['PAYMENT_METHOD_UNKNOWN', 'PROVIDER_UNAVAILABLE'],
});

export const paymentStatusEndpoint = defineEndpoint({
  operationId: 'checkPayment',
  method: 'POST',
  path: '/api/payments/status/:uuid',
  tag: 'payments',
  summary: "A payment's status",
  description: `\`paid\`, \`fail\`, or the provider's pending status; asks the provider when not final (at most every ${PROVIDER_CHECK_INTERVAL_MS / 1000} s a payment). The body \`{task:"check", uuid}\` that the first clients sent is accepted and may be left out.`,
  access: 'customer',
  request: { params: PaymentUuidParamsSchema, body: PaymentStatusRequestSchema.partial().nullish() },
  response: PaymentStatusResponseSchema,
  errors: ['PAYMENT_NOT_FOUND', 'PROVIDER_UNAVAILABLE'],
});

export const paymentHistoryEndpoint = defineEndpoint({
  operationId: 'listPayments',
  method: 'GET',
  path: '/api/payments/history',
  tag: 'payments',
  summary: 'Your payments',
  access: 'customer',
  response: PaymentHistoryResponseSchema,
});

export const giftcardEndpoint = defineEndpoint({
  operationId: 'redeemGiftcard',
  method: 'POST',
  path: '/api/payments/giftcard',
  tag: 'payments',
  summary: 'Redeem a gift card code',
  description:
    "Each code once. Unknown or used: `{success:false, message:'Gift card code does not exist or has already been activated'}` (404).",
  access: 'customer',
  request: { body: GiftcardRequestSchema },
  response: GiftcardResponseSchema,
  errors: ['GIFTCARD_INVALID', 'GIFTCARD_RATE_LIMITED'],
});

export const sandboxPaymentEndpoint = defineEndpoint({
  operationId: 'getSandboxPayment',
  method: 'GET',
  path: '/api/payments/sandbox/:uuid',
  tag: 'payments',
  summary: "The sandbox checkout's payment",
  description: 'Only while PAYMENT_PROVIDER=sandbox: what the demo checkout page shows.',
  access: 'public',
  request: { params: PaymentUuidParamsSchema },
  response: SandboxPaymentResponseSchema,
  errors: ['PAYMENT_NOT_FOUND'],
});

export const sandboxSettleEndpoint = defineEndpoint({
  operationId: 'settleSandboxPayment',
  method: 'POST',
  path: '/api/payments/sandbox/:uuid',
  tag: 'payments',
  summary: "The sandbox checkout's Pay and Fail buttons",
  description: 'Only while PAYMENT_PROVIDER=sandbox; the uuid is the capability, as a real checkout link is.',
  access: 'public',
  request: { params: PaymentUuidParamsSchema, body: SandboxOutcomeRequestSchema },
  response: PaymentStatusResponseSchema,
  errors: ['PAYMENT_NOT_FOUND'],
});

/** What the providers send: read as raw bytes, since the signature covers them. */
export const WebhookBodySchema = z
  .looseObject({})
  .describe(
    'Cryptomus: {type, uuid, order_id, amount, status, is_final, ..., sign}; BTCPay Server: {deliveryId, type, invoiceId, storeId, isRedelivery, timestamp} with the BTCPay-Sig header.',
  );

export const WebhookParamsSchema = z.object({ provider: z.string().max(20) });

export const webhookEndpoint = defineEndpoint({
  operationId: 'receivePaymentWebhook',
  method: 'POST',
  path: '/api/payments/webhook/:provider',
  tag: 'payments',
  summary: "A payment provider's webhook",
  description:
    'cryptomus or btcpay (the active provider only). The signature is checked on the raw body (401 when wrong); the payment is re-read from the provider before anything is credited. Unknown payments are acknowledged.',
  access: 'public',
  request: { params: WebhookParamsSchema, body: WebhookBodySchema, rawBody: true },
  response: z.object({ success: z.literal(true) }),
  errors: ['NOT_FOUND', 'WEBHOOK_SIGNATURE_INVALID'],
});
