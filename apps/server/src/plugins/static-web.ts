import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, type ErrorEnvelope } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { loggableError } from '../lib/loggable-error';
import { sendPage } from '../storefront/storefront-routes';
import type { RenderedPage } from '../storefront/storefront-renderer';

/**
 * Serves the built single-page app with history-API fallback: any GET that is not an API call
 * and not a file answers index.html, and the app's router decides what to show. The public pages
 * come as complete HTML from storefront/storefront-routes.ts before this fallback.
 */
export async function installWebAndNotFound(
  app: FastifyInstance,
  webDist: string | null,
  options: {
    hiddenPages?: RegExp;
    /** The page-not-found page for a path no page of the app answers, or null when one does. */
    notFoundPage?: (pathname: string) => Promise<RenderedPage | null>;
  } = {},
): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && fs.existsSync(indexFile);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every asset: sent as they are when accepted.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset name, so those never change under their name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
    async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api') &&
        !options.hiddenPages?.test(request.url);
      if (isPage && hasWeb && options.notFoundPage) {
        // A missing page says so with its status, so that search engines drop the address.
        try {
          const page = await options.notFoundPage(request.url.split('?')[0] ?? '/');
          if (page) return await sendPage(request, reply.code(404), page);
        } catch (error) {
          request.log.error({ err: loggableError(error) }, 'storefront: rendering the not-found page failed');
        }
      }
      if (isPage && hasWeb) {
        // The app's router decides what to show (with no server renderer, a missing page too).
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      const body: ErrorEnvelope = { success: false, error: ERROR_CODES.NOT_FOUND, code: 'NOT_FOUND' };
      return reply.code(404).send(body);
    },
  );
}
