import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The web app loads only its own scripts, styles, fonts and images (flags are local files).
 * No inline styles: the one library that injected a <style> element has it taken out at build
 * time (apps/web/csp-styles-plugin.ts), and React sets style props through the DOM, which
 * CSP does not restrict.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': null,
};

type Header = readonly [name: string, value: string];

/** What Helmet sets for these options, read once from a response that only records them. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Header[] {
  const headers: Header[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  // Helmet calls back at once for static options; a later version that did not would send nothing.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Answers that are data, not documents: the JSON API (its viewer at /api/docs is a page) and the
 * probes. A document's policies (which scripts, styles and fonts may load, cross-origin
 * isolation) mean nothing to JSON; what does is that it is never sniffed into something else,
 * never framed, never read from another origin and, if opened on its own, runs nothing.
 */
export function isDataAnswer(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs');
  const path = url.split('?', 1)[0];
  return path === '/healthz' || path === '/readyz' || path === '/metrics';
}

/**
 * Security headers on every answer, fixed when the app is built: pages get Helmet's full set
 * with the policy above; data answers get the short set an API needs (half the headers, a
 * tenth of the bytes), which a cached read otherwise spent a tenth of its CPU writing.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const hsts = options.hsts ? helmetHeaders({}).filter(([name]) => name === 'Strict-Transport-Security') : [];
  const page = helmetHeaders({ contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY }, hsts: options.hsts });
  const data: Header[] = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...hsts,
  ];
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of isDataAnswer(request.url) ? data : page) raw.setHeader(name, value);
    done();
  });
}
