import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends notice e-mails through SMTP_URL with nodemailer (plain text, one message per notice). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export class MailError extends Error {
  constructor(
    message: string,
    /** A 5xx answer: the server refused this message for good (an unknown mailbox). */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export function createMailer(smtp: { url: string; from: string }): Mailer {
  // nodemailer costs about 13 MB of a process at rest, so it is loaded with the first e-mail.
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtp.url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    ));
  return {
    send: async (message) => {
      const smtpTransport = await open();
      try {
        await smtpTransport.sendMail({ from: smtp.from, ...message });
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        // Only the SMTP reply code and nodemailer's error code: its messages may quote the server's
        // greeting or the URL, which holds the SMTP password.
        const permanent = responseCode !== undefined && responseCode >= 500;
        throw new MailError(`SMTP ${responseCode ?? code ?? 'error'}`, permanent);
      }
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
