import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../../test/socks-upstream';
import { narrowUpstream } from '../../test/replacement-kit';
import { serveOnLoopback } from '../../test/ports';
import { dial, DialError } from './dialer';
import { ALLOW_ALL_TARGETS } from './target-policy';

/** Counts `holding` calls and releases, as the credential store would take them. */
function holdings() {
  const counts = { held: 0, released: 0 };
  const holding = () => {
    counts.held += 1;
    return () => (counts.released += 1);
  };
  return { counts, holding };
}

describe('dialling through an upstream proxy', () => {
  it('refuses a host name longer than SOCKS5 can carry, before it reaches the upstream', async () => {
    const upstream = await narrowUpstream(2);
    try {
      const dialled = dial(upstream.url, 'a'.repeat(300), 80, ALLOW_ALL_TARGETS);
      await expect(dialled).rejects.toBeInstanceOf(DialError);
      await expect(dialled).rejects.toMatchObject({ socksReply: 0x04 });
      expect(await upstream.connections()).toBe(0);
    } finally {
      await upstream.stop();
    }
  });

  it("counts a dial as the upstream's load once the upstream answers, until the dial ends", async () => {
    const silentPort = await closedPort();
    const upstream = await narrowUpstream(2, { silentPort });
    const { counts, holding } = holdings();
    try {
      // The upstream answers the greeting, then waits on a target that never answers.
      const dialled = dial(upstream.url, '127.0.0.1', silentPort, ALLOW_ALL_TARGETS, { timeoutMs: 500, holding });
      await expect.poll(() => counts.held, { timeout: 2000 }).toBe(1);
      expect(counts.released).toBe(0);
      await expect(dialled).rejects.toBeInstanceOf(DialError);
      expect(counts).toEqual({ held: 1, released: 1 });
    } finally {
      await upstream.stop();
    }
  });

  it('does not count one that an upstream takes in but never answers', async () => {
    // Takes the TCP connection and says nothing: a hung proxy, not one working on the dial.
    const mute = net.createServer(() => undefined);
    const { port, stop } = await serveOnLoopback(mute);
    const { counts, holding } = holdings();
    try {
      const dialled = dial(`socks5://127.0.0.1:${port}`, '127.0.0.1', 80, ALLOW_ALL_TARGETS, {
        timeoutMs: 500,
        holding,
      });
      await expect(dialled).rejects.toBeInstanceOf(DialError);
      expect(counts).toEqual({ held: 0, released: 0 });
    } finally {
      await stop();
    }
  });
});
