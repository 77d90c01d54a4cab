import nodemailer from 'nodemailer';

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
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    send: async (message) => {
      try {
        await transport.sendMail({ from: smtp.from, ...message });
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        // Only the SMTP reply code and nodemailer's error code: its messages may quote the server's
        // greeting or the URL, which holds the SMTP password.
        const permanent = responseCode !== undefined && responseCode >= 500;
        throw new MailError(`SMTP ${responseCode ?? code ?? 'error'}`, permanent);
      }
    },
    close: () => transport.close(),
  };
}
