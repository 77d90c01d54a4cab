import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswersAgainstDocument, takeDocumentViolations } from './document-check';

/**
 * The check every server test runs on the answers it receives must catch each kind of drift:
 * a call the document lacks, a status, a content type or a body it does not describe, and a
 * body where it says none. Here on a small app whose document is written by hand.
 */
const document = {
  openapi: '3.1.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/thing/{id}': {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
              },
              'text/csv': { schema: { type: 'string' } },
            },
          },
          304: { $ref: '#/components/responses/NotModified' },
        },
      },
    },
  },
  components: { responses: { NotModified: { description: 'not modified' } } },
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  // What @fastify/swagger would serve; its types know OpenAPI 3.0, and this is a 3.1 document.
  app.decorate('swagger', (() => document) as unknown as FastifyInstance['swagger']);
  checkAnswersAgainstDocument(app);
  app.get<{ Params: { id: string } }>('/api/thing/:id', async (request, reply) => {
    switch (request.params.id) {
      case 'good':
        return { ok: true };
      case 'csv':
        return reply.type('text/csv').send('a,b\n');
      case 'teapot':
        return reply.code(418).send({ ok: true });
      case 'html':
        return reply.type('text/html').send('<p>');
      case 'wrong-body':
        return { ok: 'yes' };
      case 'empty-304':
        return reply.code(304).send();
      default:
        return reply.code(304).type('application/json').send('null');
    }
  });
  app.get('/api/undocumented', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

async function violationsOf(url: string): Promise<string[]> {
  await app.inject({ method: 'GET', url });
  return takeDocumentViolations();
}

describe('the check of answers against the API document', () => {
  it('passes what the document describes', async () => {
    expect(await violationsOf('/api/thing/good')).toEqual([]);
    expect(await violationsOf('/api/thing/csv')).toEqual([]);
    expect(await violationsOf('/api/thing/empty-304')).toEqual([]);
  });

  it('fails a call, a status, a content type or a body the document does not describe', async () => {
    expect(await violationsOf('/api/undocumented')).toEqual(['GET /api/undocumented is not in the API document']);
    expect(await violationsOf('/api/thing/teapot')).toEqual([
      'GET /api/thing/:id answered 418, a status the document does not name',
    ]);
    expect(await violationsOf('/api/thing/html')).toEqual([
      'GET /api/thing/:id answered 200 as text/html, not one of application/json, text/csv',
    ]);
    const [wrongBody] = await violationsOf('/api/thing/wrong-body');
    expect(wrongBody).toMatch(/^GET \/api\/thing\/:id answered 200: data\/ok must be boolean/);
  });

  it('fails a 304 with a body or a content type', async () => {
    expect(await violationsOf('/api/thing/null-304')).toContain(
      'GET /api/thing/:id answered 304 with Content-Type application/json, where the document says no body',
    );
  });
});
