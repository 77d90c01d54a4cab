// Starts the real server for browser tests on a fresh embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import dgram from 'node:dgram';
import http from 'node:http';
import path from 'node:path';

// Discovery's outside services, faked on loopback: an echo service answering a public
// address that the offline databases know (81.2.69.142, Bracknell GB), and IPQualityScore.
const port = Number(process.env.E2E_PORT ?? '18321');
const echoPort = port + 20;
const ipqsPort = port + 21;
http.createServer((_request, response) => response.end('81.2.69.142\n')).listen(echoPort, '127.0.0.1');
http
  .createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: true, fraud_score: 40, connection_type: 'Mobile', mobile: true }));
  })
  .listen(ipqsPort, '127.0.0.1');

// Discovery's UDP check target: a UDP echo on loopback sends each datagram (a DNS query) back.
const udpEchoPort = port + 23;
const udpEcho = dgram.createSocket('udp4');
udpEcho.on('message', (datagram, from) => udpEcho.send(datagram, from.port, from.address));
udpEcho.bind(udpEchoPort, '127.0.0.1');

// Telegram's Bot API, faked on loopback: getMe, getUpdates (long polling; updates
// below the offset are confirmed and dropped) and sendMessage, plus `POST /test/say` through which
// a browser test plays a user writing to the bot, and `GET /test/sent` listing what the bot sent.
const telegramPort = port + 22;
const telegram = { updates: [], sent: [], nextId: 1, waiting: [] };
http
  .createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const input = body ? JSON.parse(body) : {};
      const answer = (result) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(result));
      };
      const method = request.url.split('/').pop();
      if (request.url === '/test/say') {
        telegram.updates.push({
          update_id: telegram.nextId++,
          message: {
            message_id: telegram.nextId,
            date: 0,
            chat: { id: input.chatId, type: 'private' },
            text: input.text,
          },
        });
        for (const wake of telegram.waiting.splice(0)) wake();
        return answer({ ok: true });
      }
      if (request.url === '/test/sent') return answer(telegram.sent);
      if (method === 'getMe')
        return answer({ ok: true, result: { id: 1, is_bot: true, username: 'proxyport_e2e_bot' } });
      if (method === 'sendMessage') {
        telegram.sent.push({ chatId: input.chat_id, text: input.text });
        return answer({ ok: true, result: { message_id: telegram.sent.length } });
      }
      if (method === 'getUpdates') {
        telegram.updates = telegram.updates.filter((update) => update.update_id >= (input.offset ?? 0));
        if (telegram.updates.length > 0) return answer({ ok: true, result: telegram.updates });
        const wake = () => answer({ ok: true, result: telegram.updates });
        telegram.waiting.push(wake);
        setTimeout(() => {
          const at = telegram.waiting.indexOf(wake);
          if (at >= 0) telegram.waiting.splice(at, 1)[0]();
        }, 2_000);
        return;
      }
      response.statusCode = 404;
      answer({ ok: false, error_code: 404, description: 'Not Found' });
    });
  })
  .listen(telegramPort, '127.0.0.1');

// Playwright may end this process with SIGKILL, so the folder is cleared at the next start
// instead of after the run; it lives in the ignored test-results folder.
const dataDir = path.resolve(import.meta.dirname, '../test-results/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// The compiled server, as `npm start` runs it (`npm run test:e2e` builds it with the web app).
const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    EXIT_IP_URL: `http://127.0.0.1:${echoPort}/`,
    IPQS_API_KEY: 'e2e-key',
    IPQS_URL: `http://127.0.0.1:${ipqsPort}`,
    UDP_CHECK_TARGET: `127.0.0.1:${udpEchoPort}`,
    // Away from the defaults, so a developer's own `npm start` does not collide with the tests.
    // Beside the test's port, so that runs on other ports (other checkouts) do not collide.
    GATEWAY_SOCKS_PORT: process.env.E2E_SOCKS_PORT ?? String(port + 10),
    GATEWAY_HTTP_PORT: process.env.E2E_HTTP_PORT ?? String(port + 11),
    // Own ports of IP authorization, beside the test's other ports.
    GATEWAY_PORT_RANGE: `${port + 30}-${port + 39}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    REGISTER_RATE_LIMIT: '1000',
    ADMIN_LOGIN_RATE_LIMIT: '1000',
    TELEGRAM_BOT_TOKEN: '123456:e2e-bot-token',
    TELEGRAM_API_URL: `http://127.0.0.1:${telegramPort}`,
    // E-mail notices: the browser test that reads the mails starts the SMTP fake on this port.
    SMTP_URL: `smtp://127.0.0.1:${port + 27}`,
    // Set at run time: the Support page must show it without a build that knows it.
    SUPPORT_CONTACT: 'help@e2e-shop.example',
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
