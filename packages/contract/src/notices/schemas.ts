import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { successResponse } from '../common/schemas';
import type { AdminRole } from '../admin/roles';

/**
 * What a customer may be told. Each event is queued once per channel; the e-mail
 * preferences are chosen by topic, a topic covering one or more kinds.
 */
export const NOTICE_KINDS = [
  'expiry_24h',
  'expiry_1h',
  'auto_renewed',
  'renew_failed',
  'payment_credited',
  'proxy_replaced',
  'proxy_disabled',
  'broadcast',
  'email_confirm',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_TOPICS = ['expiry', 'renewal', 'payment', 'replacement'] as const;
export type NoticeTopic = (typeof NOTICE_TOPICS)[number];

/** The topic of each kind a customer can turn off by e-mail; the others always go. */
export const TOPIC_OF_KIND: Partial<Record<NoticeKind, NoticeTopic>> = {
  expiry_24h: 'expiry',
  expiry_1h: 'expiry',
  auto_renewed: 'renewal',
  renew_failed: 'renewal',
  payment_credited: 'payment',
  proxy_replaced: 'replacement',
  proxy_disabled: 'replacement',
};

export const NOTICE_CHANNELS = ['telegram', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_STATUSES = ['waiting', 'sent', 'failed'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const language = z.enum(LANGUAGES);

export const NoticeSettingsResponseSchema = successResponse({
  telegram: z.object({
    /** TELEGRAM_BOT_TOKEN is set on the server. */
    available: z.boolean(),
    linked: z.boolean(),
  }),
  email: z.object({
    /** SMTP_URL is set on the server. */
    available: z.boolean(),
    address: z.string().nullable(),
    confirmed: z.boolean(),
    topics: z.array(z.enum(NOTICE_TOPICS)),
  }),
});
export type NoticeSettings = z.infer<typeof NoticeSettingsResponseSchema>;

/** The browser's language, so the bot and the e-mails speak it. */
export const TelegramLinkRequestSchema = z.object({ language: language.optional() }).nullish();

export const TelegramLinkResponseSchema = successResponse({
  /** `https://t.me/<bot>?start=<one-time code>`: opening it and pressing Start links the chat. */
  url: z.string(),
});

export const EmailSetRequestSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email('email must be an e-mail address')),
  language: language.optional(),
});

export const EmailConfirmRequestSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const EmailTopicsRequestSchema = z.object({
  topics: z.array(z.enum(NOTICE_TOPICS)).max(NOTICE_TOPICS.length),
});

export const NoticeOkResponseSchema = successResponse({});

export const AdminNoticesQuerySchema = z.object({
  status: z.enum(NOTICE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const AdminNoticeSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(NOTICE_CHANNELS),
  status: z.enum(NOTICE_STATUSES),
  attempts: z.number().int(),
  /** Why the last attempt failed (a failed notice's reason; a waiting one's last error). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type AdminNotice = z.infer<typeof AdminNoticeSchema>;

export const AdminNoticesResponseSchema = successResponse({
  counts: z.object({ waiting: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  telegramLinked: z.number().int(),
  notices: z.array(AdminNoticeSchema),
});
export type AdminNoticesResponse = z.infer<typeof AdminNoticesResponseSchema>;

/** The longest broadcast heading and text. */
export const MAX_BROADCAST_TITLE_LENGTH = 300;
export const MAX_BROADCAST_CONTENT_LENGTH = 3_500;

export const BroadcastRequestSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(MAX_BROADCAST_TITLE_LENGTH),
  content: z.string().trim().min(1, 'content is required').max(MAX_BROADCAST_CONTENT_LENGTH),
  important: z.boolean().default(false),
  /** Also a Telegram message to every linked customer, through the throttled queue. */
  telegram: z.boolean().default(false),
});
export type BroadcastRequest = z.input<typeof BroadcastRequestSchema>;

export const BroadcastResponseSchema = successResponse({
  newsId: z.string(),
  /** Telegram messages queued (0 without `telegram`). */
  queued: z.number().int(),
});

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
