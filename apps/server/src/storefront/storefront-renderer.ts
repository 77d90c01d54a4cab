import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { NewsItem, StorefrontFacts } from '@portal/contract';

/** The web app's server renderer (apps/web/src/entry-server.tsx, built into dist-ssr). */
interface Storefront {
  render(pathname: string, data?: PageInput): Promise<string | null>;
  /** Absent from a renderer built before the page-not-found page existed. */
  renderNotFound?(pathname: string): Promise<string | null>;
}

/**
 * What a page is rendered from besides its address: /news its list, the landing and terms the
 * shop's figures, /support the configured address.
 */
export interface PageInput {
  news?: NewsItem[];
  storefront?: StorefrontFacts;
  /** SUPPORT_CONTACT, which /support states. */
  supportContact?: string;
}
type CreateStorefront = (options: { template: string; manifest: unknown; publicUrl: string }) => Storefront;

/** A rendered page with its brotli and gzip forms, compressed once when it is rendered. */
export interface RenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): RenderedPage {
  const buffer = Buffer.from(html);
  return {
    html: buffer,
    br: zlib.brotliCompressSync(buffer, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    }),
    gzip: zlib.gzipSync(buffer, { level: 9 }),
  };
}

/** Where `vite build --ssr` puts the renderer: next to the client build. */
export function rendererFile(webDist: string): string {
  return path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
}

/**
 * Renders public pages on request and keeps them. A page without data (articles, support) is
 * rendered once per process. A page with data is kept under its data and rendered again only
 * when the data differs: /news under its list, which every request reads (one small query), so
 * news added or deleted from any process shows at once without a cache to clear; the landing and
 * the terms under the shop's figures, which change at most once a minute (storefront-facts.ts).
 */
export class StorefrontRenderer {
  private storefront: Promise<Storefront> | null = null;
  private readonly pages = new Map<string, { key: string; page: Promise<RenderedPage | null> }>();
  /** Under the HTML itself: the renderer returns one page per language whatever the path. */
  private readonly notFoundPages = new Map<string, RenderedPage>();

  constructor(private readonly options: { webDist: string; publicUrl: string }) {}

  static available(webDist: string | null): webDist is string {
    return webDist !== null && fs.existsSync(rendererFile(webDist)) && fs.existsSync(path.join(webDist, 'index.html'));
  }

  private load(): Promise<Storefront> {
    this.storefront ??= (async () => {
      const { webDist, publicUrl } = this.options;
      const module = (await import(pathToFileURL(rendererFile(webDist)).href)) as { createStorefront?: unknown };
      if (typeof module.createStorefront !== 'function')
        throw new Error('dist-ssr/entry-server.js has no createStorefront');
      const create = module.createStorefront as CreateStorefront;
      return create({
        template: fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
        manifest: JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as unknown,
        publicUrl,
      });
    })();
    this.storefront.catch(() => {
      // A failed load is tried again on the next request (a build may have been under way).
      this.storefront = null;
    });
    return this.storefront;
  }

  /** The page at `pathname`, or null when it is not a public page. */
  render(pathname: string, input: PageInput = {}): Promise<RenderedPage | null> {
    const key =
      Object.keys(input).length > 0 ? createHash('sha256').update(JSON.stringify(input)).digest('base64url') : '';
    const cached = this.pages.get(pathname);
    if (cached?.key === key) return cached.page;
    const page = this.load()
      .then((storefront) => storefront.render(pathname, input))
      .then((html) => (html === null ? null : compressed(html)));
    this.pages.set(pathname, { key, page });
    page.catch(() => this.pages.delete(pathname));
    return page;
  }

  /** The page-not-found page for `pathname`, or null when a page of the app is there. */
  async notFound(pathname: string): Promise<RenderedPage | null> {
    const storefront = await this.load();
    const html = (await storefront.renderNotFound?.(pathname)) ?? null;
    if (html === null) return null;
    let page = this.notFoundPages.get(html);
    if (!page) {
      page = compressed(html);
      this.notFoundPages.set(html, page);
    }
    return page;
  }
}
