import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded-postgres';
import { tempDir } from './helper';

const data = tempDir('portal-embedded-');
let server: EmbeddedServer;
let pgdata: string;

beforeAll(async () => {
  // A data folder in a private (0700) folder, as in a clone under /root.
  expect(fs.statSync(data.dir).mode & 0o777).toBe(0o700);
  pgdata = path.join(data.dir, 'postgres');
  server = await startEmbeddedPostgres(pgdata);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  data.remove();
});

/** The server's process and its children (backends, writer, checkpointer...). */
function serverProcesses(): number[] {
  const postmaster = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat, after the parenthesised command name, is the parent.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

const field = (text: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';

/** What decides a process's privileges; null when it ended meanwhile (an autovacuum worker, a backend). */
function privileges(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const namespace = fs.readlinkSync(`/proc/${pid}/ns/user`);
    const [inside] = fs.readFileSync(`/proc/${pid}/uid_map`, 'utf8').trim().split(/\s+/);
    return {
      capabilities: field(status, 'CapEff'),
      uids: field(status, 'Uid').split(/\s+/).map(Number),
      ownNamespace: namespace !== fs.readlinkSync('/proc/self/ns/user'),
      uidInside: Number(inside),
    };
  } catch {
    return null;
  }
}

describe('the embedded PostgreSQL', () => {
  it('starts in a private folder and answers', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  });

  it.runIf(process.getuid?.() === 0)('never runs as root, even when the portal does', () => {
    const processes = serverProcesses();
    // The postmaster and its background processes at least.
    expect(processes.length).toBeGreaterThan(3);
    for (const pid of processes) {
      const seen = privileges(pid);
      if (!seen) continue;
      // No capability at all, whatever namespace it is in.
      expect(seen.capabilities, `pid ${pid}`).toBe('0000000000000000');
      // In a namespace of its own it is an unprivileged user there; in the fallback, the user postgres.
      if (seen.ownNamespace) expect(seen.uidInside, `pid ${pid}`).toBeGreaterThan(0);
      else expect(seen.uids, `pid ${pid}`).not.toContain(0);
    }
  });
});
