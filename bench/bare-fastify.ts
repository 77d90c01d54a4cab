/**
 * The reference of `npm run bench:api`: bare Fastify in a process of its own, answering what
 * /api/wallet answers, with no database, authentication or schema.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, wallet: 12.5 }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('ready');
