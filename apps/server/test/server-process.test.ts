import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helper';
import { freePort } from './ports';

const serverDir = path.resolve(import.meta.dirname, '..');
const data = tempDir('portal-process-');
afterAll(() => data.remove());

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Running {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'warn', INIT_CWD: serverDir, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(running: Running, text: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!running.output().includes(text)) {
    if (Date.now() > deadline || running.child.exitCode !== null) {
      throw new Error(`did not see "${text}"; output:\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  it('keeps data across Ctrl-C and restart, and refuses a second process on the same data', async () => {
    const port = String(await freePort());
    const env = {
      DATA_DIR: data.dir,
      PORT: port,
      HOST: '127.0.0.1',
      GATEWAY_SOCKS_PORT: String(await freePort()),
      GATEWAY_HTTP_PORT: String(await freePort()),
    };
    const base = `http://127.0.0.1:${port}`;

    const first = start(env);
    await until(first, 'Proxy rental portal is running');
    expect(first.output()).toMatch(/Admin secret \(generated, shown once; kept in .*admin-secret\): \S{20,}/);
    const { apiKey } = (await (await fetch(`${base}/api/register`, { method: 'POST' })).json()) as { apiKey: string };

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another portal process');

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(data.dir, 'portal.pid'))).toBe(false);

    const again = start(env);
    await until(again, 'Proxy rental portal is running');
    expect(again.output()).toContain('Admin secret: kept in');
    expect(again.output()).not.toMatch(/shown once/);
    expect(again.output()).toContain(`Gateway: SOCKS5 127.0.0.1:${env.GATEWAY_SOCKS_PORT}`);
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'x-api-key': apiKey } });
    expect(login.status).toBe(200);

    // A crash: the embedded PostgreSQL goes down with the portal, and a postmaster.pid left
    // behind (here one naming a dead process) does not stop the next start.
    const postmasterPid = path.join(data.dir, 'postgres', 'postmaster.pid');
    const postgresPid = Number(fs.readFileSync(postmasterPid, 'utf8').split('\n')[0]);
    again.child.kill('SIGKILL');
    await again.exited;
    await expect.poll(() => isRunning(postgresPid), { timeout: 15_000 }).toBe(false);
    fs.writeFileSync(postmasterPid, `999999\n${path.join(data.dir, 'postgres')}\n0\n5432\n/nowhere\n`);
    const third = start(env);
    await until(third, 'Proxy rental portal is running');
    const wallet = await fetch(`${base}/api/wallet`, { headers: { 'x-api-key': apiKey } });
    expect(wallet.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(postmasterPid)).toBe(false);
  }, 120_000);

  it('refuses to start with a clear message for a bad setting', async () => {
    const bad = start({ DATA_DIR: data.dir, PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Configuration error');
    expect(bad.output()).toContain('PORT must be a port number (got "eighty")');
  });

  it('refuses production without an admin secret and with the sandbox provider', async () => {
    const bad = start({ DATA_DIR: data.dir, NODE_ENV: 'production' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('ADMIN_SECRET is required when NODE_ENV=production');
    expect(bad.output()).toContain('PAYMENT_PROVIDER=sandbox is not allowed when NODE_ENV=production');
  });
});
