import { LANGUAGES, formatCents, type NoticeKind } from '@portal/contract';
import { fill, textsFor, type Texts } from './texts';

/** A queued notice's payload as stored (the NoticeEvent, or an e-mail confirmation's token). */
export type StoredPayload = Record<string, unknown> & { kind: NoticeKind };

export interface Rendered {
  subject: string;
  text: string;
}

/** Times in messages: one form in every language, always UTC. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

const money = (cents: unknown) => formatCents(Number(cents));
const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function expiryText(texts: Texts, kind: 'expiry_24h' | 'expiry_1h', payloads: StoredPayload[]): string {
  const lines = payloads.map((p) => `• #${str(p.rentalId)} ${str(p.label)}: ${formatUtc(str(p.endTime))}`);
  return [kind === 'expiry_24h' ? texts.expiry24Header : texts.expiry1Header, ...lines, texts.expiryFooter].join('\n');
}

/** The sentence of each kind told in one sentence with its values filled in. */
const SENTENCE_OF = {
  auto_renewed: 'autoRenewed',
  renew_failed: 'renewFailed',
  payment_credited: 'paymentCredited',
  proxy_replaced: 'proxyReplaced',
} as const satisfies Partial<Record<NoticeKind, keyof Texts>>;

/**
 * The message of one or more notices of one kind for one customer (several expiry warnings due at
 * once make one message). `links` adds what only e-mails carry: the account page to change them.
 */
export function renderNotices(
  language: string | null,
  payloads: StoredPayload[],
  context: { publicUrl: string; forEmail: boolean },
): Rendered {
  const texts = textsFor(language);
  const first = payloads[0];
  if (!first) throw new Error('nothing to render');
  const values = {
    id: str(first.rentalId),
    label: str(first.label),
    end: first.endTime ? formatUtc(str(first.endTime)) : '',
    amount: money(first.amountCents),
    balance: money(first.balanceCents),
    reason: str(first.reason),
    ip: str(first.newExitIp),
  };
  let subject: string;
  let text: string;
  switch (first.kind) {
    case 'expiry_24h':
    case 'expiry_1h':
      subject = texts.subjects[first.kind];
      text = expiryText(texts, first.kind, payloads);
      break;
    case 'auto_renewed':
    case 'renew_failed':
    case 'payment_credited':
    case 'proxy_replaced':
      subject = texts.subjects[first.kind];
      text = fill(texts[SENTENCE_OF[first.kind]], values);
      break;
    case 'proxy_disabled':
      subject = texts.subjects.proxy_disabled;
      text = fill(texts.proxyDisabled, values);
      if (first.refundUntil)
        text = `${text} ${fill(texts.proxyDisabledRefund, { until: formatUtc(str(first.refundUntil)) })}`;
      break;
    case 'broadcast':
      subject = str(first.title);
      text = `📢 ${str(first.title)}\n\n${str(first.content)}`;
      break;
    case 'email_confirm':
      return {
        subject: texts.subjects.email_confirm,
        text: fill(texts.emailConfirm, { url: confirmationUrl(context.publicUrl, str(first.token), language) }),
      };
  }
  if (context.forEmail) text = `${text}\n\n--\n${fill(texts.emailFooter, { url: `${context.publicUrl}/account` })}`;
  return { subject, text };
}

/**
 * The public page that confirms an address when its button is pressed (opening it confirms
 * nothing), in the language the mail is written in. Links sent before it opened
 * /account?email_token=…, which the app still sends to this page.
 */
export function confirmationUrl(publicUrl: string, token: string, language: string | null = null): string {
  const query = new URLSearchParams({ token });
  if (language && (LANGUAGES as readonly string[]).includes(language)) query.set('lang', language);
  return `${publicUrl}/email/confirm?${query.toString()}`;
}
