import { DEFAULT_LANGUAGE, LANGUAGES, PUBLIC_PAGES, localizedPath, parsePublicPath } from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { loggableError } from '../lib/loggable-error';
import { listNews } from '../news/news-service';
import { robotsTxt, sitemapXml } from './crawling';
import type { StorefrontFactsSource } from './storefront-facts';
import type { PageInput, RenderedPage, StorefrontRenderer } from './storefront-renderer';

export interface StorefrontDeps {
  db: Database;
  /** The web app's server renderer; null without one (no build), and pages stay client-side. */
  renderer: StorefrontRenderer | null;
  publicUrl: string;
  /** The shop's figures and rules, which the landing and the terms state. */
  facts: StorefrontFactsSource;
  /** SUPPORT_CONTACT: /support states it in its HTML, not after a request of its own. */
  supportContact: string;
}

/** br when the client takes it, else gzip, else plain (RFC 9110 accept-encoding, q=0 refuses). */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map(
    (header ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const takes = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

export function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? page[encoding] : page.html);
}

/**
 * The storefront: public pages as complete HTML in every language (English at the
 * page's path, the others under /{language}), robots.txt and sitemap.xml. Other paths stay with
 * the single-page app (plugins/static-web.ts).
 */
export const storefrontRoutes: FastifyPluginAsync<StorefrontDeps> = async (
  app,
  { db, renderer, publicUrl, facts, supportContact },
) => {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(publicUrl)),
  );

  if (!renderer) return;
  const paths = new Set(LANGUAGES.flatMap((language) => PUBLIC_PAGES.map((page) => localizedPath(language, page))));
  // `/ru` is the Russian landing page as well as `/ru/`.
  LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).forEach((language) => paths.add(`/${language}`));

  const inputOf = async (path: string): Promise<PageInput> => {
    switch (parsePublicPath(path)?.page) {
      case '/news':
        return { news: await listNews(db) };
      case '/':
      case '/terms':
        return { storefront: await facts.get() };
      case '/support':
        return { supportContact };
      default:
        return {};
    }
  };

  for (const path of paths) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      try {
        const page = await renderer.render(path, await inputOf(path));
        if (page) return await sendPage(request, reply, page);
      } catch (error) {
        request.log.error({ err: loggableError(error), path }, 'storefront: rendering failed, serving the app shell');
      }
      // The client-side app shows the same page, only later.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    });
  }
};
