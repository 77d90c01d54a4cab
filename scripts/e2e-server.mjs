// Starts the real server for browser tests on a fresh embedded database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

// Discovery's outside services, faked on loopback (issue 15): an echo service answering a public
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
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
