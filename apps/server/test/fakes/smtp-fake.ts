import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text body, its transfer encoding undone. */
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n').trimEnd() };
}

/**
 * A local SMTP server (the smtp-server package) that keeps every message it is given; on a port of
 * its own, or on `port` (the browser tests' server is started with its SMTP_URL before the fake).
 * `hold()` makes it answer no message (a slow relay) until the function it answers is called.
 */
export async function startSmtpFake({ port: wanted = 0 }: { port?: number } = {}) {
  const mails: ReceivedMail[] = [];
  let held: Promise<void> | null = null;
  let waiting = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ...parse(Buffer.concat(chunks).toString('latin1')),
        };
        waiting += 1;
        void (held ?? Promise.resolve()).then(() => {
          waiting -= 1;
          mails.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) => mails.filter((mail) => mail.to.includes(address)),
    /** Messages given but not yet answered (while held). */
    waiting: () => waiting,
    hold: (): (() => void) => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
