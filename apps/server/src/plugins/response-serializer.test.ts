import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readsTheSameBothWays, responseSerializerCompiler } from './response-serializer';

const serializerOf = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('the response serializer', () => {
  it('tells schemas that read the same both ways from those with transforms or defaults, however deep', () => {
    const plain = z.object({
      success: z.literal(true),
      rows: z.array(z.object({ id: z.number(), ip: z.string().nullable() })),
    });
    expect(readsTheSameBothWays(plain)).toBe(true);
    expect(readsTheSameBothWays(z.union([plain, z.object({ success: z.literal(false) })]))).toBe(true);
    const deep = (inner: z.ZodType) => z.object({ rows: z.array(z.union([z.object({ a: inner }), z.null()])) });
    expect(readsTheSameBothWays(deep(z.string().transform((s) => s.length)))).toBe(false);
    expect(readsTheSameBothWays(deep(z.number().default(1)))).toBe(false);
    expect(readsTheSameBothWays(deep(z.string().pipe(z.email())))).toBe(false);
    expect(readsTheSameBothWays(deep(z.lazy(() => z.string())))).toBe(false);
  });

  it('sends only what the schema names, and refuses an answer that does not match it', () => {
    const serialize = serializerOf(z.object({ success: z.literal(true), wallet: z.number() }));
    expect(serialize({ success: true, wallet: 12.5, apiKeyHash: 'secret' })).toBe('{"success":true,"wallet":12.5}');
    let thrown: unknown;
    try {
      serialize({ success: true, wallet: 'a lot' });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('writes a schema with a transform the way it encodes', () => {
    const cents = z.codec(z.number(), z.bigint(), {
      decode: (n) => BigInt(n),
      encode: (b) => Number(b),
    });
    expect(serializerOf(z.object({ amount: cents }))({ amount: 5n })).toBe('{"amount":5}');
  });
});
