import { randomInt } from 'node:crypto';
import { ALLOW_ALL_TARGETS } from '../gateway/target-policy';
import { openUdpPath, type UdpPath } from '../gateway/udp-path';

/**
 * A DNS query for the root's name servers: a few bytes any resolver answers at once, and an echo
 * sends back as it is. Either way the answer starts with the query's ID, which is all we look at.
 */
function dnsQuery(id: number): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  // Recursion desired; one question.
  header.writeUInt16BE(0x0100, 2);
  header.writeUInt16BE(1, 4);
  // The root name (one zero byte), type NS (2), class IN (1).
  return Buffer.concat([header, Buffer.from([0x00, 0x00, 0x02, 0x00, 0x01])]);
}

/**
 * Whether UDP passes through an upstream: a DNS query sent to `target` through it (the upstream's
 * UDP ASSOCIATE, or straight from `bindHost` for `direct`) is answered within `timeoutMs`. An
 * upstream that refuses the association, an HTTP upstream, a datagram that cannot leave, silence:
 * false. Asked once more halfway, since one datagram may be lost on the way.
 */
export async function udpPasses(
  upstream: string,
  target: { host: string; port: number },
  options: { timeoutMs: number; bindHost: string; signal?: AbortSignal },
): Promise<boolean> {
  let path: UdpPath;
  try {
    // Checks reach what the operator configured, private or not, as health checks do.
    path = await openUdpPath(upstream, {
      policy: ALLOW_ALL_TARGETS,
      bindHost: options.bindHost,
      timeoutMs: options.timeoutMs,
    });
  } catch {
    return false;
  }
  const id = randomInt(0x10000);
  const query = dnsQuery(id);
  return new Promise<boolean>((resolve) => {
    const timers: NodeJS.Timeout[] = [];
    let finished = false;
    const done = (passes: boolean) => {
      if (finished) return;
      finished = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', aborted);
      path.close();
      resolve(passes);
    };
    const aborted = () => done(false);
    options.signal?.addEventListener('abort', aborted);
    path.onMessage = (_host, _port, data) => {
      if (data.length >= 2 && data.readUInt16BE(0) === id) done(true);
    };
    path.onClose = () => done(false);
    // A datagram that could not even leave (no route from the bind address, a blocked port) is
    // an answer already: waiting for the timeout would only hold a discovery slot.
    const send = () =>
      void path.send(target.host, target.port, query).then(
        (sent) => sent || done(false),
        () => done(false),
      );
    send();
    timers.push(
      setTimeout(send, options.timeoutMs / 2),
      setTimeout(() => done(false), options.timeoutMs),
    );
  });
}
