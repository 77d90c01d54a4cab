import { Writable } from 'node:stream';
import pino from 'pino';
import { LOG_REDACT_PATHS } from '../src/logging';

/** A log destination that keeps every line written to it, to search what was logged. */
export function captureLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

/** A pino logger at `level` whose lines are kept parsed, for tests that read a line's fields. */
export function capturedPino<Line>(level: pino.Level): { log: pino.Logger; lines: Line[] } {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      done();
    },
  });
  return { log: pino({ level }, stream), lines };
}

/**
 * The API's logger at its most talkative, with the shop's redaction and whole request headers:
 * a scan of its lines for secrets sees what a request serializer could otherwise hide.
 */
export function leakScanLogger(stream: Writable) {
  return {
    level: 'trace',
    stream,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: (req: { headers: unknown; url: string }) => ({ url: req.url, headers: req.headers }) },
  };
}
