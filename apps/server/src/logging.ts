import type { LoggerOptions } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Paths whose values are secrets: never in a log line. */
export const LOG_REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // Whatever logs a request body: the admin login's secret and code, an authenticator's code.
  'body.secretCode',
  'body.totp',
  'body.code',
];

/**
 * Secrets that travel in URLs: a pull link's token is its path's last segment and the whole of
 * its secret, and one-time codes and tokens travel as query parameters. Whatever logged a URL
 * (the request log, an error, a warning), these parts are replaced before the line is written.
 */
// In any case, with repeated or encoded slashes, dot segments and percent-encoded letters (the
// router decodes `/api/%70ull/…` and answers it), and everything after it: a mistyped pull URL
// (answered 404 or by the web app) carries the real token as well.
const spelled = (word: string) =>
  [...word]
    .map((letter) => {
      const codes = new Set([letter.toLowerCase(), letter.toUpperCase()].map((c) => c.charCodeAt(0).toString(16)));
      return `(?:${letter}|${[...codes].map((code) => `%${code}`).join('|')})`;
    })
    .join('');
const SLASHES = String.raw`(?:\/|%2f)(?:(?:\.|%2e){1,2}(?:\/|%2f)|\/|%2f)*`;
// One slash before `api` (not a run of them): each position of a long run of slashes would
// otherwise start a match that takes the rest of the run before failing, quadratic in its length.
const SECRET_IN_PATH = new RegExp(
  `((?:\\/|%2f)${spelled('api')}${SLASHES}${spelled('pull')}${SLASHES})[^\\s"?#]+`,
  'gi',
);
const SECRET_IN_QUERY =
  /([?&](?:token|code|secret|key|api_key|apikey|start|email_token|password|passwd|pass|pwd)=)[^\s"&#]+/gi;
/**
 * A customer's API key (`px_` and 32 base64url characters) wherever it lands: pasted into a path
 * (`/api/wallet/px_…`), echoed by an error message, sent under a parameter name not listed above.
 */
const API_KEY_ANYWHERE = /\bpx_[\w-]{32}(?![\w-])/g;
/** The Bot API puts the bot's token in every method's path: `/bot<id>:<secret>/sendMessage`. */
const BOT_TOKEN_IN_PATH = /(\/bot)\d+:[\w-]+/g;

export function redactSecretsInLine(line: string): string {
  return line
    .replace(SECRET_IN_PATH, '$1[redacted]')
    .replace(SECRET_IN_QUERY, '$1[redacted]')
    .replace(API_KEY_ANYWHERE, 'px_[redacted]')
    .replace(BOT_TOKEN_IN_PATH, '$1[redacted]');
}

/** Every logger of the portal: redacted headers and URLs, JSON lines or, on a terminal, pretty. */
export function portalLoggerOptions(level: string, pretty = false): LoggerOptions {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    hooks: { streamWrite: redactSecretsInLine },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', singleLine: true, ignore: 'pid,hostname,req,res' },
          },
        }
      : {}),
  };
}

/** Probes and scrapes arrive every few seconds from balancers and Prometheus: logged at debug. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per answered request (method, URL, status, time), in place of Fastify's two (one on
 * arrival, one on answer): a shop under load wrote tens of thousands of lines in minutes and the
 * start banner scrolled away. A request that failed is logged at error with its error.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: ms }, line);
      return;
    }
    const level = PROBE_PATHS.has(request.url.split('?')[0] ?? '') ? 'debug' : 'info';
    reply.log[level]({ req: request, res: reply, responseTime: ms }, line);
  }
}
