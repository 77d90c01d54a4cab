import http from 'node:http';
import { serveOnLoopback } from '../ports';

/** A bot token in Telegram's form, for tests. */
export const FAKE_BOT_TOKEN = '123456789:AAFakeBotTokenForTests_0123456789abc';
export const FAKE_BOT_USERNAME = 'proxyport_test_bot';

interface Update {
  update_id: number;
  message: {
    message_id: number;
    date: number;
    chat: { id: number; type: string };
    from: { id: number; is_bot: false; first_name: string; language_code?: string };
    text: string;
  };
}

export interface SentMessage {
  chatId: number;
  text: string;
}

/** What the next sendMessage calls meet, in order, instead of success. */
export type ScriptedFailure = { kind: '429'; retryAfter: number } | { kind: 'drop' } | { kind: 'hang' };

/**
 * Speaks the Bot API as its documentation describes, for the methods the portal uses: `getMe`,
 * `getUpdates` (long polling with `offset` and `timeout`; updates below the offset are confirmed
 * and forgotten) and `sendMessage`; a wrong token gets 401. `failNext` makes sendMessage answer a
 * 429 with `parameters.retry_after`, drop the connection (a network error) or never answer.
 */
export async function startTelegramFake(token = FAKE_BOT_TOKEN) {
  const pending: Update[] = [];
  const sent: SentMessage[] = [];
  const failures: ScriptedFailure[] = [];
  const paths: string[] = [];
  const waiters = new Set<() => void>();
  let nextUpdateId = 1;
  let nextMessageId = 1;

  const reply = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, code: number, description: string, parameters?: object) =>
    reply(res, code, { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      paths.push(req.url ?? '');
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      if (!match) return fail(res, 404, 'Not Found');
      if (match[1] !== token) return fail(res, 401, 'Unauthorized');
      const body = (chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}) as Record<string, unknown>;
      switch (match[2]) {
        case 'getMe':
          return reply(res, 200, {
            ok: true,
            result: { id: 123456789, is_bot: true, first_name: 'ProxyPort', username: FAKE_BOT_USERNAME },
          });
        case 'getUpdates': {
          const offset = Number(body.offset ?? 0);
          while (pending.length > 0 && (pending[0]?.update_id ?? 0) < offset) pending.shift();
          const answer = () => reply(res, 200, { ok: true, result: pending.filter((u) => u.update_id >= offset) });
          const timeoutMs = Math.min(Number(body.timeout ?? 0), 50) * 1000;
          if (pending.length > 0 || timeoutMs === 0) return answer();
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            answer();
          };
          const timer = setTimeout(wake, timeoutMs);
          waiters.add(wake);
          return;
        }
        case 'sendMessage': {
          const failure = failures.shift();
          if (failure?.kind === '429') {
            return fail(res, 429, `Too Many Requests: retry after ${failure.retryAfter}`, {
              retry_after: failure.retryAfter,
            });
          }
          if (failure?.kind === 'drop') return req.socket.destroy();
          if (failure?.kind === 'hang') return;
          if (typeof body.chat_id !== 'number' || typeof body.text !== 'string' || body.text.length === 0) {
            return fail(res, 400, 'Bad Request: message text is empty');
          }
          if (body.text.length > 4096) return fail(res, 400, 'Bad Request: message is too long');
          sent.push({ chatId: body.chat_id, text: body.text });
          return reply(res, 200, {
            ok: true,
            result: { message_id: nextMessageId++, chat: { id: body.chat_id, type: 'private' }, text: body.text },
          });
        }
        default:
          return fail(res, 404, 'Not Found: method not found');
      }
    });
  });
  const { port, stop } = await serveOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    paths,
    /** A private-chat message from a user, as Telegram would deliver it to getUpdates. */
    userSays(chatId: number, text: string, languageCode?: string) {
      pending.push({
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          from: {
            id: chatId,
            is_bot: false,
            first_name: 'Test',
            ...(languageCode ? { language_code: languageCode } : {}),
          },
          text,
        },
      });
      for (const wake of [...waiters]) wake();
    },
    failNext(...scripted: ScriptedFailure[]) {
      failures.push(...scripted);
    },
    /** Messages sent to a chat, oldest first. */
    to: (chatId: number) => sent.filter((message) => message.chatId === chatId).map((message) => message.text),
    close: async () => {
      for (const wake of [...waiters]) wake();
      await stop();
    },
  };
}

export type TelegramFake = Awaited<ReturnType<typeof startTelegramFake>>;
