import { newsAddEndpoint, newsDeleteEndpoint, newsListEndpoint } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, adminActorOf, type AdminAuthDeps } from '../plugins/admin-auth';
import { addNewsBy, deleteNewsBy } from './news-service';
import { endpointRoutes } from '../plugins/endpoint-routes';
import type { ListenedValue } from '../lib/listened-value';
import { sendSnapshot, type JsonSnapshot } from '../plugins/snapshot-reply';

export interface NewsRoutesOptions extends AdminAuthDeps {
  /** The public answer in memory; another process's change reaches it by notification. */
  news: ListenedValue<JsonSnapshot>;
}

/** The public news feed and the admin's editor calls. */
export const newsRoutes: FastifyPluginAsyncZod<NewsRoutesOptions> = async (app, options) => {
  const { news, ...deps } = options;
  const route = endpointRoutes(app, { admin: requireAdmin(deps) });

  route(newsListEndpoint, async (request, reply) => sendSnapshot(request, reply, await news.get(), 'no-cache'));

  route(newsAddEndpoint, async (request) => {
    const item = await addNewsBy(deps, adminActorOf(request), request.body);
    // The editor reads the list right after: this process must not answer the old one meanwhile.
    news.invalidate();
    return { success: true as const, news: item };
  });

  route(newsDeleteEndpoint, async (request) => {
    await deleteNewsBy(deps, adminActorOf(request), request.params.id);
    news.invalidate();
    return { success: true as const };
  });
};
