import { createHash } from 'node:crypto';
import type { NodeView } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, nodes, proxies } from '../db/schema';
import { addProxies, adminToken, buildTestApp, withinASecond, type TestApp } from '../../test/helper';
import { expectedServerVersion } from '../../test/expected-version';
import { createdOperator, operatorToken } from '../../test/operator-kit';

let t: TestApp;
let owner: { authorization: string };
let manager: { authorization: string };
const heard: { channel: string; payload: string }[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = { authorization: `Bearer ${await adminToken(t)}` };
  const made = await createdOperator(t, 'manager');
  manager = { authorization: `Bearer ${await operatorToken(t, made.secretCode)}` };
  stopListening = await t.database.listen(['node_revoked', 'proxy_access'], (channel, payload) => {
    heard.push({ channel, payload });
  });
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers = owner, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function addNode(name: string, host = '203.0.113.7') {
  const response = await call('POST', '/api/admin/nodes', owner, { name, host });
  expect(response.statusCode).toBe(200);
  return response.json<{ node: NodeView; token: string }>();
}

const listed = async () => (await call('GET', '/api/admin/nodes', manager)).json<{ nodes: NodeView[] }>().nodes;

describe('gateway nodes in the admin API', () => {
  it('answers the token once and keeps only its SHA-256 digest', async () => {
    const { node, token } = await addNode('fra-1', 'fra.example.net');
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(node).toMatchObject({ name: 'fra-1', host: 'fra.example.net', online: false, last_seen: null, proxies: 0 });
    const [row] = await t.database.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const listing = await call('GET', '/api/admin/nodes', manager);
    expect(listing.body).not.toContain(token);
    expect(listing.body).not.toContain(row!.tokenHash);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'nodes.create'));
    expect(JSON.stringify(audit!.details)).not.toContain(token);
  });

  it('lists a node online while it reports within the window, offline after', async () => {
    const { node } = await addNode('ams-1');
    await t.database.db
      .update(nodes)
      .set({
        lastSeenAt: new Date(t.clock.now().getTime() - 10_000),
        version: '1.4.0',
        openConnections: 12,
        bytesUp: 5,
        bytesDown: 7,
      })
      .where(eq(nodes.id, node.id));
    expect((await listed()).find((n) => n.id === node.id)).toMatchObject({
      online: true,
      version: '1.4.0',
      openConnections: 12,
      bytesUp: 5,
      bytesDown: 7,
    });
    t.clock.advance(30_000);
    expect((await listed()).find((n) => n.id === node.id)?.online).toBe(false);
  });

  it("answers the shop's own version beside the nodes', in the form nodes report theirs", async () => {
    const answer = (await call('GET', '/api/admin/nodes', manager)).json<{ shopVersion: string }>();
    expect(answer.shopVersion).toBe(expectedServerVersion());
    expect(answer.shopVersion).toMatch(/^\d+\.\d+\.\d+(\+[0-9a-f]{12})?$/);
  });

  it('refuses a second live node of one name, a bad host, and a manager adding one', async () => {
    await addNode('par-1');
    const again = await call('POST', '/api/admin/nodes', owner, { name: 'par-1', host: '203.0.113.9' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('NODE_NAME_TAKEN');
    const bad = await call('POST', '/api/admin/nodes', owner, { name: 'par-2', host: 'https://par.example.net:443' });
    expect(bad.statusCode).toBe(400);
    const forbidden = await call('POST', '/api/admin/nodes', manager, { name: 'par-3', host: '203.0.113.10' });
    expect(forbidden.statusCode).toBe(403);
    expect((await listed()).some((n) => n.name === 'par-2' || n.name === 'par-3')).toBe(false);
  });

  it('revokes a node with a notification, once; its name may then be used again', async () => {
    const { node } = await addNode('waw-1');
    const revoked = await call('DELETE', `/api/admin/nodes/${node.id}`);
    expect(revoked.statusCode).toBe(200);
    await withinASecond(async () => heard.some((h) => h.channel === 'node_revoked' && h.payload === String(node.id)));
    const [row] = await t.database.db.select().from(nodes).where(eq(nodes.id, node.id));
    expect(row!.revokedAt).not.toBeNull();
    expect((await listed()).find((n) => n.id === node.id)).toMatchObject({
      online: false,
      revokedAt: expect.any(String),
    });
    const twice = await call('DELETE', `/api/admin/nodes/${node.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json<{ code: string }>().code).toBe('NODE_NOT_FOUND');
    expect((await call('DELETE', `/api/admin/nodes/${node.id}`, manager)).statusCode).toBe(403);
    await addNode('waw-1');
  });

  it('assigns a proxy to a node and back, audited and notified; never to a revoked node', async () => {
    const [proxyId] = await addProxies(t, 1);
    const { node } = await addNode('lon-1');
    const assigned = await call('POST', `/api/admin/proxies/${proxyId}/node`, manager, { nodeId: node.id });
    expect(assigned.json()).toEqual({ success: true, id: proxyId, nodeId: node.id });
    await withinASecond(async () => heard.some((h) => h.channel === 'proxy_access' && h.payload === String(proxyId)));
    expect((await listed()).find((n) => n.id === node.id)?.proxies).toBe(1);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'proxies.node'));
    expect(audit!.details).toEqual({ id: proxyId, from: null, to: node.id });

    await call('DELETE', `/api/admin/nodes/${node.id}`);
    const toRevoked = await call('POST', `/api/admin/proxies/${proxyId}/node`, manager, { nodeId: node.id });
    expect(toRevoked.json<{ code: string }>().code).toBe('NODE_NOT_FOUND');
    const back = await call('POST', `/api/admin/proxies/${proxyId}/node`, manager, { nodeId: null });
    expect(back.statusCode).toBe(200);
    const [proxy] = await t.database.db.select().from(proxies).where(eq(proxies.id, proxyId!));
    expect(proxy!.nodeId).toBeNull();
    const missing = await call('POST', '/api/admin/proxies/999999/node', manager, { nodeId: null });
    expect(missing.json<{ code: string }>().code).toBe('PROXY_NOT_FOUND');
  });

  it('takes `node` in an import by name, and refuses the whole import for a name that is no live node', async () => {
    const { node } = await addNode('imp-1');
    const csv =
      'ip,port,protocol,type,country,fraud_score,upstream,node\n198.51.200.1,1080,SOCKS5,datacenter,DE,5,direct,imp-1\n198.51.200.2,1080,SOCKS5,datacenter,DE,5,direct,\n';
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies',
      headers: { ...manager, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode).toBe(200);
    const ids = imported.json<{ ids: number[] }>().ids;
    const rows = await t.database.db.select().from(proxies).where(inArray(proxies.id, ids));
    expect(rows.map((row) => row.nodeId).sort()).toEqual([node.id, null].sort());

    const lines = await t.app.inject({
      method: 'POST',
      url: '/api/admin/proxies?node=nobody&protocol=socks5',
      headers: { ...manager, 'content-type': 'text/plain' },
      payload: 'socks5://198.51.200.9:1080\n',
    });
    expect(lines.statusCode).toBe(400);
    expect(lines.json<{ problems: unknown[] }>().problems).toEqual([
      { row: 1, field: 'node', message: 'no gateway node is named nobody' },
    ]);
  });
});
