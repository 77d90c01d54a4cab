import { looksLikeUpstreamLines, type ProxyType } from '@portal/contract';
import type { ImportInput } from '../api/import-proxies';

export type ParsedImport =
  { ok: true; input: ImportInput } | { ok: false; error: 'empty' | 'jsonShape' | 'json'; detail?: string };

/**
 * Decides what the pasted or loaded text is. JSON starts with `[` or `{` (a CSV header cannot:
 * it names fields); a JSON list is sent as `{proxies: list}`, an object must already have
 * `proxies`. Anything else goes to the server as CSV, which checks the header and every row.
 */
export function parseImport(
  text: string,
  defaults: { protocol?: 'socks5' | 'http'; type?: ProxyType } = {},
): ParsedImport {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'empty' };
  // One upstream a line (host:port:user:pass and the like), as sellers hand them out.
  if (looksLikeUpstreamLines(trimmed)) return { ok: true, input: { kind: 'text', text: trimmed, ...defaults } };
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{')) return { ok: true, input: { kind: 'csv', text: trimmed } };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { ok: false, error: 'json', detail: error instanceof Error ? error.message : String(error) };
  }
  if (Array.isArray(value)) return { ok: true, input: { kind: 'json', proxies: value } };
  if (typeof value === 'object' && value !== null && 'proxies' in value && Array.isArray(value.proxies)) {
    return { ok: true, input: { kind: 'json', proxies: value.proxies as unknown[] } };
  }
  return { ok: false, error: 'jsonShape' };
}
