import { LANGUAGES, formatCents } from '@portal/contract';
import { isExpiry, type ExpiryEvent, type StoredPayload } from './notice-events';
import { fill, textsFor, type Texts } from './texts';

export interface Rendered {
  subject: string;
  text: string;
}

/** Times in messages: one form in every language, always UTC. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

const money = (cents: number) => formatCents(cents);

function expiryText(texts: Texts, kind: ExpiryEvent['kind'], payloads: ExpiryEvent[]): string {
  const lines = payloads.map((p) => `• #${p.rentalId} ${p.label}: ${formatUtc(p.endTime)}`);
  return [kind === 'expiry_24h' ? texts.expiry24Header : texts.expiry1Header, ...lines, texts.expiryFooter].join('\n');
}

/** An auto-renewal's outcome: the rental, its end, and what else the kind's text names. */
function renewalText(
  template: string,
  event: { rentalId: number; label: string; endTime: string },
  more: Record<string, string>,
): string {
  return fill(template, { id: event.rentalId, label: event.label, ...more, end: formatUtc(event.endTime) });
}

/** Why a renewal failed, in the message's language where its cause was kept, else as the server said it. */
function renewalReason(texts: Texts, event: Extract<StoredPayload, { kind: 'renew_failed' }>): string {
  const cause = event.cause;
  if (cause?.priceCents !== undefined) {
    return fill(texts.renewShort, { price: money(cause.priceCents), balance: money(cause.balanceCents) });
  }
  if (cause?.code === 'PROXY_UNAVAILABLE') return texts.renewWithdrawn;
  return event.reason;
}

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
  let subject: string;
  let text: string;
  switch (first.kind) {
    case 'expiry_24h':
    case 'expiry_1h':
      subject = texts.subjects[first.kind];
      text = expiryText(texts, first.kind, payloads.filter(isExpiry));
      break;
    case 'auto_renewed':
      subject = texts.subjects.auto_renewed;
      text = renewalText(texts.autoRenewed, first, { amount: money(first.amountCents) });
      break;
    case 'renew_failed':
      subject = texts.subjects.renew_failed;
      text = renewalText(texts.renewFailed, first, { reason: renewalReason(texts, first) });
      break;
    case 'payment_credited':
      subject = texts.subjects.payment_credited;
      text = fill(texts.paymentCredited, { amount: money(first.amountCents), balance: money(first.balanceCents) });
      break;
    case 'proxy_replaced':
      subject = texts.subjects.proxy_replaced;
      text = fill(texts.proxyReplaced, { id: first.rentalId, ip: first.newExitIp });
      break;
    case 'proxy_disabled':
      subject = texts.subjects.proxy_disabled;
      text = fill(texts.proxyDisabled, { id: first.rentalId, label: first.label });
      if (first.refundUntil)
        text = `${text} ${fill(texts.proxyDisabledRefund, { until: formatUtc(first.refundUntil) })}`;
      break;
    case 'broadcast':
      subject = first.title;
      text = `📢 ${first.title}\n\n${first.content}`;
      break;
    case 'email_confirm':
      return {
        subject: texts.subjects.email_confirm,
        text: fill(texts.emailConfirm, { url: confirmationUrl(context.publicUrl, first.token ?? '', language) }),
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
