import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper';
import { startFakePanel, type FakePanel } from '../../../test/fake-panel';
import { PanelClient } from './panel-client';

const TOKEN = 'node-token-0123456789abcdef';

/** A self-signed certificate for 127.0.0.1, as a shop without a public certificate would have. */
function selfSigned(dir: string, name: string): { cert: string; key: string } {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'],
      ...['-subj', `/CN=${name}`, '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', path.join(dir, `${name}-key.pem`), '-out', path.join(dir, `${name}.pem`)],
    ],
    { stdio: 'ignore' },
  );
  return {
    cert: fs.readFileSync(path.join(dir, `${name}.pem`), 'utf8'),
    key: fs.readFileSync(path.join(dir, `${name}-key.pem`), 'utf8'),
  };
}

describe('PANEL_CA pins the shop’s certificate', () => {
  let dir: ReturnType<typeof tempDir>;
  let panel: FakePanel;
  let shop: { cert: string; key: string };
  let other: { cert: string; key: string };

  beforeAll(async () => {
    dir = tempDir('portal-panel-ca-');
    shop = selfSigned(dir.dir, 'shop');
    other = selfSigned(dir.dir, 'other');
    panel = await startFakePanel({ token: TOKEN, tls: shop });
  });
  afterAll(async () => {
    await panel.close();
    dir.remove();
  });

  const report = {
    version: 't',
    socksPort: 1,
    httpPort: 2,
    tlsPort: null,
    openConnections: 0,
    bytesUp: 0,
    bytesDown: 0,
  };

  it('talks to the shop whose certificate chains to PANEL_CA', async () => {
    const client = new PanelClient({ url: panel.url, token: TOKEN, ca: shop.cert });
    expect((await client.post('/api/node/report', report)).status).toBe(200);
    client.close();
  });

  it('refuses a certificate the system does not trust without PANEL_CA, and one that PANEL_CA did not sign', async () => {
    for (const ca of [undefined, other.cert]) {
      const client = new PanelClient({ url: panel.url, token: TOKEN, ca });
      await expect(client.post('/api/node/report', report)).rejects.toThrow(/self[- ]signed|certificate/i);
      client.close();
    }
    // Nothing reached the shop from either: the token was not sent to an unverified server.
    expect(panel.reports).toHaveLength(1);
  });
});
