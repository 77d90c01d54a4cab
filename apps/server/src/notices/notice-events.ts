import type { ErrorCode } from '@portal/contract';

/** Why an automatic renewal failed, in the terms each language's sentence needs. */
export type RenewFailureCause =
  | { code: 'INSUFFICIENT_BALANCE'; priceCents: number; balanceCents: number }
  /** Any other refusal, or a balance found short past the price check (no figures then). */
  | { code: ErrorCode; priceCents?: never; balanceCents?: never };

/** What a customer is told, with what the message needs: one shape per kind. */
export type NoticeEvent =
  | { kind: 'expiry_24h' | 'expiry_1h'; rentalId: number; endTime: string; label: string }
  | { kind: 'auto_renewed'; rentalId: number; endTime: string; label: string; amountCents: number }
  | {
      kind: 'renew_failed';
      rentalId: number;
      endTime: string;
      label: string;
      /** The server's sentence (English): said only by notices queued before `cause` was kept. */
      reason: string;
      cause?: RenewFailureCause;
    }
  | { kind: 'payment_credited'; amountCents: number; balanceCents: number }
  | { kind: 'proxy_replaced'; rentalId: number; proxyId: number; newExitIp: string }
  /** The operator disabled the rental's proxy; `refundUntil` (ISO) when a refund is due. */
  | { kind: 'proxy_disabled'; rentalId: number; proxyId: number; label: string; refundUntil: string | null }
  | { kind: 'broadcast'; title: string; content: string };

/**
 * An address's confirmation link. The token is a secret: it is dropped from the row once the
 * mail is sent, so only a waiting confirmation carries it.
 */
export interface EmailConfirmPayload {
  kind: 'email_confirm';
  token?: string;
}

/** A queued notice's payload as stored: the event, or an e-mail confirmation. */
export type StoredPayload = NoticeEvent | EmailConfirmPayload;

export type ExpiryEvent = Extract<NoticeEvent, { kind: 'expiry_24h' | 'expiry_1h' }>;

export function isExpiry(payload: StoredPayload): payload is ExpiryEvent {
  return payload.kind === 'expiry_24h' || payload.kind === 'expiry_1h';
}
