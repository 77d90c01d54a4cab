import {
  MAX_IMPORT_PROBLEMS,
  MAX_IMPORT_ROWS,
  looksLikeUpstreamLines,
  parseUpstreamLines,
  ProxyImportRowSchema,
  type ProxyImportQuery,
  type ProxyImportRow,
  type RowProblem,
} from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { DomainError } from '../errors';

/** Operators' CSV: a header row naming the import's fields, in any order and case. */
export function parseCsv(text: string): unknown[] {
  try {
    return parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as unknown[];
  } catch (error) {
    throw new DomainError('IMPORT_INVALID', {
      message: `The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/**
 * Validates every row and answers them all, or refuses the whole import naming each bad row
 * (nothing of a rejected request is stored).
 */
export function validateImportRows(rows: unknown[]): ProxyImportRow[] {
  checkRowCount(rows);
  const problems: RowProblem[] = [];
  const valid: ProxyImportRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = index + 1;
    const parsed = ProxyImportRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join('.') : 'row';
        const missing =
          typeof raw === 'object' && raw !== null && (raw as Record<string, unknown>)[field] === undefined;
        const message = missing && issue.path.length > 0 && field !== 'port' ? `${field} is required` : issue.message;
        problems.push({ row, field, message });
      }
      return;
    }
    if (!parsesAsUrl(parsed.data.upstream)) {
      problems.push({ row, field: 'upstream', message: 'upstream is not a valid URL' });
      return;
    }
    // Rows with an address of the operator's are told apart by it; the others by their upstream.
    if (parsed.data.ip !== undefined) {
      const key = `${parsed.data.ip}:${importedPort(parsed.data)}`;
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push({ row, field: 'ip', message: `ip and port repeat row ${first}` });
        return;
      }
      seen.set(key, row);
    }
    valid.push(parsed.data);
  });
  if (problems.length > 0) throw importRejected(problems);
  return valid;
}

/** The dialer and the inventory read upstreams with the URL parser: a row it refuses is refused here. */
function parsesAsUrl(upstream: string): boolean {
  if (upstream === 'direct') return true;
  try {
    new URL(upstream);
    return true;
  } catch {
    return false;
  }
}

function checkRowCount(rows: unknown[]): void {
  if (rows.length === 0) throw new DomainError('IMPORT_INVALID', { message: 'The import lists no proxies' });
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new DomainError('IMPORT_INVALID', {
      message: `An import may list at most ${MAX_IMPORT_ROWS} proxies; split the file`,
    });
  }
}

export function importRejected(problems: RowProblem[]): DomainError {
  const first = problems[0];
  const more = problems.length > 1 ? ` (${problems.length} problems in all)` : '';
  return new DomainError('IMPORT_INVALID', {
    message: first ? `Row ${first.row}, ${first.field}: ${first.message}${more}` : 'The import was rejected',
    problems: problems.slice(0, MAX_IMPORT_PROBLEMS),
  });
}

/**
 * The port a row is stored and told apart by: its own, else the one its upstream names. Read from
 * the text, not the URL parser, which drops a scheme's default (`http://…:80` has port "").
 */
export function importedPort(row: Pick<ProxyImportRow, 'port' | 'upstream'>): number {
  const port = row.port ?? Number(/:(\d{1,5})$/.exec(row.upstream)?.[1]);
  // The schema refuses a direct upstream without a port, and an upstream URL always names one.
  if (!Number.isInteger(port) || port < 1) throw new Error('an import row reached the inventory without a port');
  return port;
}

/**
 * A row of an import, and for a plain-text line without a scheme, that discovery must probe it;
 * `nodeId` once its `node` name is looked up.
 */
export type ImportRow = ProxyImportRow & { detectProtocol?: boolean; nodeId?: number | null };

/**
 * A plain-text import: one upstream a line, with the batch's default scheme (or, without one,
 * the scheme probed by discovery) and type. A bad line refuses the whole import with its number,
 * like a bad CSV row.
 */
export function readUpstreamText(text: string, query: ProxyImportQuery): { rows: ImportRow[]; lines: number[] } {
  const { lines, problems } = parseUpstreamLines(text, query.protocol);
  if (problems.length > 0) throw importRejected(problems);
  checkRowCount(lines);
  return {
    rows: lines.map((line) => ({
      upstream: line.upstream,
      port: line.port,
      protocol: line.scheme === 'socks5' ? 'SOCKS5' : 'HTTP',
      ...(line.detect ? { detectProtocol: true } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.max_connections !== undefined ? { max_connections: query.max_connections } : {}),
    })),
    lines: lines.map((line) => line.line),
  };
}

/**
 * Any import the console, the API or the command line takes: JSON rows, CSV with a header, or
 * plain text with one upstream a line (told from CSV by its first line).
 */
export function readImport(
  body: string | unknown[],
  query: ProxyImportQuery,
): { rows: ImportRow[]; rowNumbers?: number[] } {
  if (typeof body !== 'string') return { rows: validateImportRows(body) };
  if (looksLikeUpstreamLines(body)) {
    const { rows, lines } = readUpstreamText(body, query);
    return { rows, rowNumbers: lines };
  }
  return { rows: validateImportRows(parseCsv(body)) };
}
