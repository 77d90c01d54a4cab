import { defineEndpoint } from '../api/endpoint';
import {
  NewsAddRequestSchema,
  NewsAddResponseSchema,
  NewsDeleteResponseSchema,
  NewsIdParamsSchema,
  NewsListResponseSchema,
} from './schemas';

export const newsListEndpoint = defineEndpoint({
  operationId: 'listNews',
  method: 'GET',
  path: '/api/news',
  tag: 'news',
  summary: 'Public news, newest first',
  access: 'public',
  response: NewsListResponseSchema,
  notModified: true,
});

export const newsAddEndpoint = defineEndpoint({
  operationId: 'addNews',
  method: 'POST',
  path: '/api/admin/news/add',
  tag: 'news',
  summary: 'Publish a news item',
  description: 'Content is text: markup is shown as written, never run.',
  access: 'admin',
  roles: ['manager'],
  request: { body: NewsAddRequestSchema },
  response: NewsAddResponseSchema,
});

export const newsDeleteEndpoint = defineEndpoint({
  operationId: 'deleteNews',
  method: 'DELETE',
  path: '/api/admin/news/:id',
  tag: 'news',
  summary: 'Delete a news item',
  access: 'admin',
  roles: ['manager'],
  request: { params: NewsIdParamsSchema },
  response: NewsDeleteResponseSchema,
  errors: ['NOT_FOUND'],
});
