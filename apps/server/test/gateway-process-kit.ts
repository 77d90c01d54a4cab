import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Long enough for a cold `tsx` start on a busy two-CPU machine; a crash ends the wait at once. */
const START_MS = 60_000;

export interface GatewayProcess {
  child: ChildProcess;
  socksPort: number;
  httpPort: number;
  metricsPort: number;
  output: () => string;
  exited: Promise<number | null>;
}

type Ports = { socks: number; http: number; metrics: number };

/**
 * `npm run gateway` as a process of its own, on the free ports it is given; answered once
 * `startedWhen` holds (by default: once it says it is listening). A port taken between
 * the test picking it and the process binding it (another test's client can get it) ends that
 * start with EADDRINUSE, so that start is tried again on other ports. Any other early exit fails
 * at once with what the process printed, instead of waiting out the time limit blind.
 */
export async function startGatewayProcess(
  env: Record<string, string>,
  startedWhen: (output: string, ports: Ports) => boolean | Promise<boolean> = (output) =>
    output.includes('gateway listening'),
): Promise<GatewayProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const ports: Ports = { socks: await freePort(), http: await freePort(), metrics: await freePort() };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/gateway/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        GATEWAY_SOCKS_PORT: String(ports.socks),
        GATEWAY_HTTP_PORT: String(ports.http),
        GATEWAY_METRICS_PORT: String(ports.metrics),
        LOG_LEVEL: 'info',
        ...env,
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const started = await startedOrExit(() => startedWhen(output, ports), exited);
    if (started) {
      return {
        child,
        socksPort: ports.socks,
        httpPort: ports.http,
        metricsPort: ports.metrics,
        output: () => output,
        exited,
      };
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    if (attempt < 3 && output.includes('EADDRINUSE')) continue;
    throw new Error(`the gateway process did not start (${attempt} tries); it printed:\n${output.slice(-4000)}`);
  }
}

async function startedOrExit(
  started: () => boolean | Promise<boolean>,
  exited: Promise<number | null>,
): Promise<boolean> {
  let ended = false;
  void exited.then(() => (ended = true));
  const since = Date.now();
  while (Date.now() - since < START_MS) {
    if (await started()) return true;
    if (ended) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
