import fs from 'node:fs';
import path from 'node:path';

/** A gateway node's link to the shop. */
export interface NodeConfig {
  panelUrl: string;
  token: string;
  /** PEM the shop's certificate must chain to (PANEL_CA's content); null: the system's trusted roots. */
  ca: string | null;
  /** NODE_OFFLINE_GRACE_SECONDS in ms. */
  graceMs: number;
}

interface NodeEnv {
  PANEL_URL?: string;
  NODE_TOKEN?: string;
  PANEL_CA?: string;
  NODE_OFFLINE_GRACE_SECONDS: number;
  DATABASE_URL?: string;
}

/**
 * PANEL_URL with NODE_TOKEN make `npm run gateway` a node: it learns from the shop's API and
 * holds no database credentials, so DATABASE_URL beside them is a mistake worth stopping for.
 */
export function nodeConfig(e: NodeEnv, baseDir: string, problems: string[]): NodeConfig | null {
  if (!e.PANEL_URL && !e.NODE_TOKEN) {
    if (e.PANEL_CA) problems.push('PANEL_CA is only read with PANEL_URL and NODE_TOKEN (a gateway node)');
    return null;
  }
  if (!e.PANEL_URL) problems.push('PANEL_URL is required with NODE_TOKEN: the URL of the shop this node serves');
  if (!e.NODE_TOKEN) problems.push('NODE_TOKEN is required with PANEL_URL: the token the console showed for this node');
  if (e.DATABASE_URL) {
    problems.push(
      'A gateway node (PANEL_URL) holds no database credentials: unset DATABASE_URL, or unset PANEL_URL and NODE_TOKEN for a gateway of the shop',
    );
  }
  let ca: string | null = null;
  if (e.PANEL_CA) {
    if (e.PANEL_URL && !e.PANEL_URL.startsWith('https:')) {
      problems.push('PANEL_CA pins the certificate of an https:// PANEL_URL; this PANEL_URL is not https');
    }
    const file = path.resolve(baseDir, e.PANEL_CA);
    try {
      ca = fs.readFileSync(file, 'utf8');
      if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
        problems.push(`PANEL_CA must be a PEM certificate file (${file} holds no "BEGIN CERTIFICATE")`);
      }
    } catch {
      problems.push(`PANEL_CA cannot be read: ${file}`);
    }
  }
  if (!e.PANEL_URL || !e.NODE_TOKEN) return null;
  return { panelUrl: e.PANEL_URL, token: e.NODE_TOKEN, ca, graceMs: e.NODE_OFFLINE_GRACE_SECONDS * 1000 };
}
