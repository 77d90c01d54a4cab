import { MAX_IMPORT_ROWS, ProxyImportRowSchema, type ProxyImportRow, type RowProblem } from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { DomainError } from '../errors';

/** At most this many problems are listed; the first one is also the error sentence. */
const MAX_PROBLEMS = 100;

/** Operators' CSV: a header row naming the fields of DESIGN section 7, in any order and case. */
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
 * (DESIGN section 7: nothing of a rejected request is stored).
 */
export function validateImportRows(rows: unknown[]): ProxyImportRow[] {
  if (rows.length === 0) throw new DomainError('IMPORT_INVALID', { message: 'The import lists no proxies' });
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new DomainError('IMPORT_INVALID', {
      message: `An import may list at most ${MAX_IMPORT_ROWS} proxies; split the file`,
    });
  }
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
        const message = missing && issue.path.length > 0 ? `${field} is required` : issue.message;
        problems.push({ row, field, message });
      }
      return;
    }
    const key = `${parsed.data.ip}:${parsed.data.port}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row, field: 'ip', message: `ip and port repeat row ${first}` });
      return;
    }
    seen.set(key, row);
    valid.push(parsed.data);
  });
  if (problems.length > 0) throw importRejected(problems);
  return valid;
}

export function importRejected(problems: RowProblem[]): DomainError {
  const first = problems[0];
  const more = problems.length > 1 ? ` (${problems.length} problems in all)` : '';
  return new DomainError('IMPORT_INVALID', {
    message: first ? `Row ${first.row}, ${first.field}: ${first.message}${more}` : 'The import was rejected',
    problems: problems.slice(0, MAX_PROBLEMS),
  });
}
