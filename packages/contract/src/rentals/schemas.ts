import { z } from 'zod';
import {
  DollarsSchema,
  IdParamSchema,
  ProxyFactsSchema,
  ProxyIdSchema,
  RentalStatusSchema,
  successResponse,
} from '../common/schemas';
import { EXPORT_FORMATS, MAX_TEMPLATE_LENGTH, templateProblem } from './export';
import { IpAuthListSchema, IpAuthSchema } from './ip-auth';
import { PROXY_STATES } from './refunds';
import { ReplacedFromSchema } from '../replacements/schemas';

/** A history record: the proxy's facts plus the rental's credentials and state. */
export const HistoryRecordSchema = ProxyFactsSchema.extend({
  proxy_ip: z.string(),
  proxy_port: z.number().int(),
  proxy_usr: z.string(),
  proxy_pwd: z.string(),
  /** ip:port:user:password, with the gateway port of the proxy's own protocol */
  proxy: z.string(),
  /** SOCKS5 or HTTP: which of the gateway's two ports `proxy` and `proxy_port` name. */
  protocol: z.string(),
  /** Both ways in: every rental works on both gateway ports. */
  socks_port: z.number().int(),
  http_port: z.number().int(),
  /** The HTTP proxy port inside TLS (`https://user:pass@host:port`); null when the gateway serves none. */
  https_port: z.number().int().nullable(),
  /** The customer's own label, at most 256 characters; always shown as text. */
  note: z.string(),
  /** Renewed by `renew_hours` (its last period) at end_time, from the wallet. */
  auto_renew: z.boolean(),
  renew_hours: z.number().int(),
  /**
   * Why the last automatic renewal failed (e.g. not enough balance), in the server's words and by
   * its error code, for pages to say it in their own language; null otherwise (the code also for
   * failures recorded before codes were kept).
   */
  renew_failure: z.string().nullable(),
  renew_failure_code: z.string().nullable(),
  /** IP authorization: the rental's own port and the sources allowed without a password. */
  ip_auth: IpAuthSchema.nullable(),
  status: RentalStatusSchema,
  /** ISO 8601 */
  end_time: z.string(),
  /** ISO 8601: when this rental was bought (its refund window counts from here). */
  purchased_at: z.string(),
  /** Traffic through the gateway so far (bytes from and to the customer). */
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
  /** The exit address last seen through the proxy's upstream; null until it was looked up. */
  exit_ip: z.string().nullable(),
  /** The proxy this rental had before its latest replacement; null if it was never replaced. */
  replaced_from: ReplacedFromSchema.nullable(),
  /**
   * Whether the proxy works for its renter: `failing` after a failed health check (or a failed
   * live check on a replacement or refund request), `disabled` when the operator took it out.
   */
  proxy_state: z.enum(PROXY_STATES),
  /** A connected rental whose proxy is not working may move to another one, free of charge. */
  can_replace: z.boolean(),
  /**
   * ISO 8601: the end of the refund request window when the recorded facts already qualify the
   * rental for a refund (found unavailable within the terms' time); null otherwise.
   */
  refund_until: z.string().nullable(),
  /** A refund was asked for this rental: the terms allow one request per proxy, granted or not. */
  refund_requested: z.boolean(),
});
export type HistoryRecord = z.infer<typeof HistoryRecordSchema>;

export const HistoryResponseSchema = successResponse({ history: z.array(HistoryRecordSchema) });
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

export const TransactionsRequestSchema = z.object({ task: z.literal('get') });

export const TransactionSchema = HistoryRecordSchema.extend({
  order_id: z.string(),
  hours: z.number().int(),
  amount: DollarsSchema,
  /** ISO 8601: when the purchase or extension was made. */
  date: z.string(),
  /** purchase or extension */
  method: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionsResponseSchema = successResponse({ transactions: z.array(TransactionSchema) });
export type TransactionsResponse = z.infer<typeof TransactionsResponseSchema>;

export const RefundRequestSchema = z.object({ proxy_id: ProxyIdSchema });
export type RefundRequest = z.input<typeof RefundRequestSchema>;

export const RefundResponseSchema = successResponse({
  status: z.string(),
  wallet: DollarsSchema.optional(),
});
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

export const MAX_NOTE_LENGTH = 256;

export const CredentialsRequestSchema = z.object({ proxy_id: ProxyIdSchema });
export const CredentialsResponseSchema = successResponse({
  /** The rental's new proxy string (host:port:user:password); the username stays. */
  proxy: z.string(),
  proxy_pwd: z.string(),
});

export const NoteRequestSchema = z.object({
  proxy_id: ProxyIdSchema,
  note: z.string().max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH} characters`),
});
export const NoteResponseSchema = successResponse({ note: z.string() });

/** A format or a template, not both. */
export const ExportChoiceSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS).optional(),
    template: z.string().max(MAX_TEMPLATE_LENGTH).optional(),
  })
  .superRefine((value, context) => {
    if ((value.format === undefined) === (value.template === undefined)) {
      context.addIssue({ code: 'custom', message: 'give either a format or a template' });
      return;
    }
    const problem = value.template === undefined ? null : templateProblem(value.template);
    if (problem) context.addIssue({ code: 'custom', path: ['template'], message: problem });
  });
export type ExportChoiceInput = z.input<typeof ExportChoiceSchema>;

export const ExportLinkSchema = z.object({
  id: z.number().int(),
  format: z.string().nullable(),
  template: z.string().nullable(),
  /** The link's first characters, to tell links apart; the whole link is shown once. */
  hint: z.string(),
  /** ISO 8601 */
  created_at: z.string(),
});
export type ExportLink = z.infer<typeof ExportLinkSchema>;

export const ExportLinkCreateResponseSchema = successResponse({
  link: ExportLinkSchema,
  /** The secret address, shown this once. */
  url: z.string(),
});
export const ExportLinksResponseSchema = successResponse({ links: z.array(ExportLinkSchema) });
export const ExportLinkIdParamsSchema = z.object({ id: IdParamSchema });
export const ExportLinkRevokeResponseSchema = successResponse({});
export const PullTokenParamsSchema = z.object({ token: z.string().max(100) });

/** Most proxies one auto-renew call changes: a whole selection of the History page at once. */
export const MAX_AUTO_RENEW_SELECTION = 500;
export const AutoRenewRequestSchema = z.object({
  /** One proxy, or a selection of them: all change, or none does. */
  proxy_id: z.union([ProxyIdSchema, z.array(ProxyIdSchema).min(1).max(MAX_AUTO_RENEW_SELECTION)]),
  enabled: z.boolean(),
});
export const AutoRenewResponseSchema = successResponse({
  auto_renew: z.boolean(),
  /** How many rentals changed. */
  count: z.number().int(),
});

export const UsageQuerySchema = z.object({ proxy_id: ProxyIdSchema });
export const UsageHourSchema = z.object({
  /** ISO 8601, the start of the hour (UTC). */
  hour: z.string(),
  bytes_up: z.number().int(),
  bytes_down: z.number().int(),
});
export type UsageHour = z.infer<typeof UsageHourSchema>;
/** How far back a rental's hourly traffic goes. */
export const RENTAL_USAGE_DAYS = 30;
/** Hours with traffic of the rental's life, at most the last RENTAL_USAGE_DAYS days, oldest first. */
export const UsageResponseSchema = successResponse({ usage: z.array(UsageHourSchema) });

/** Up to 5 sources (IPv4/IPv6, CIDR up to /24 and /64) that may use the rental without a password; [] turns it off. */
export const IpAuthRequestSchema = z.object({ proxy_id: ProxyIdSchema, ips: IpAuthListSchema });
export type IpAuthRequest = z.input<typeof IpAuthRequestSchema>;
export const IpAuthResponseSchema = successResponse({
  /** null once the list is empty (the port went back to the pool). */
  ip_auth: IpAuthSchema.nullable(),
  /** `host:port` of the own port, for copying; null with ip_auth. */
  address: z.string().nullable(),
});
export type IpAuthResponse = z.infer<typeof IpAuthResponseSchema>;
