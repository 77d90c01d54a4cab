import { z } from 'zod';

/**
 * Proxy lists as customers paste them into their tools: the same text from the History
 * page's download, `GET /api/proxy/export` and a pull link, because all three call this.
 */
export const EXPORT_FORMATS = [
  'ip:port:user:pass',
  'user:pass@ip:port',
  'socks5://user:pass@ip:port',
  'http://user:pass@ip:port',
  'csv',
  'json',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The columns of the csv and json formats, in their order: customers' parsers read them by
 * position, so the order stays.
 */
const CSV_COLUMNS = [
  'host',
  'port',
  'user',
  'pass',
  'protocol',
  'socks_port',
  'http_port',
  'id',
  'ip',
  'country',
  'region',
  'city',
  'isp',
  'zip',
  'end_time',
  'note',
] as const;

/** What a template may name, as `{name}`: every csv column, and the ports only some proxies have. */
export const TEMPLATE_PLACEHOLDERS = [...CSV_COLUMNS, 'https_port', 'ip_auth_port'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export const MAX_TEMPLATE_LENGTH = 500;

/** The json format's columns that hold numbers; the others hold text. */
const JSON_NUMBER_COLUMNS = ['port', 'socks_port', 'http_port', 'id'] as const satisfies readonly TemplatePlaceholder[];
type JsonNumberColumn = (typeof JSON_NUMBER_COLUMNS)[number];
const holdsNumber = (column: TemplatePlaceholder): column is JsonNumberColumn =>
  (JSON_NUMBER_COLUMNS as readonly TemplatePlaceholder[]).includes(column);

/**
 * The record's shape, field by field, for the types built on the schema: `Object.fromEntries`
 * below can only say "some string keys". The cast to it is safe because the type and the object
 * are both made from CSV_COLUMNS, a number where JSON_NUMBER_COLUMNS lists the column.
 */
type ExportJsonShape = {
  [Column in (typeof CSV_COLUMNS)[number]]: Column extends JsonNumberColumn ? z.ZodNumber : z.ZodString;
};

/** One connected proxy in an export as JSON: the csv columns, in their order. */
export const ExportJsonRecordSchema = z.object(
  Object.fromEntries(
    CSV_COLUMNS.map((column) => [column, holdsNumber(column) ? z.number().int() : z.string()]),
  ) as ExportJsonShape,
);

/** The fields of a rental an export can show. */
export interface ExportRecord {
  id: number;
  proxy_ip: string;
  proxy_port: number;
  socks_port: number;
  http_port: number;
  /** The gateway's HTTPS proxy port; `{https_port}` is empty without one. */
  https_port?: number | null;
  protocol: string;
  proxy_usr: string;
  proxy_pwd: string;
  ip: string;
  country: string;
  region: string;
  city: string;
  ISP: string;
  zip: string;
  ipqualityscore: number;
  end_time: string;
  note: string;
  /** The rental's own port under IP authorization; `{ip_auth_port}` is empty without it. */
  ip_auth?: { port: number } | null;
}

/** `null` when the template is usable; otherwise the sentence that says what is wrong. */
export function templateProblem(template: string): string | null {
  if (template.trim() === '') return 'template must not be empty';
  if (template.length > MAX_TEMPLATE_LENGTH) return `template must be at most ${MAX_TEMPLATE_LENGTH} characters`;
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] ?? '';
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      return `template has an unknown placeholder {${name}}; known: ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}`;
    }
  }
  return null;
}

function placeholderValue(record: ExportRecord, name: TemplatePlaceholder): string {
  switch (name) {
    case 'host':
      return record.proxy_ip;
    case 'port':
      return String(record.proxy_port);
    case 'socks_port':
      return String(record.socks_port);
    case 'http_port':
      return String(record.http_port);
    case 'user':
      return record.proxy_usr;
    case 'pass':
      return record.proxy_pwd;
    case 'isp':
      return record.ISP;
    case 'id':
      return String(record.id);
    case 'ip_auth_port':
      return record.ip_auth ? String(record.ip_auth.port) : '';
    case 'https_port':
      return record.https_port ? String(record.https_port) : '';
    // A note is free text: one proxy stays one line.
    case 'note':
      return record.note.replace(/[\r\n]+/g, ' ');
    default:
      return String(record[name]);
  }
}

/** One line of a template; `{{` and `}}` are not special, unknown names are refused earlier. */
export function fillTemplate(record: ExportRecord, template: string): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)
      ? placeholderValue(record, name as TemplatePlaceholder)
      : whole,
  );
}

/**
 * The credentials are the portal's own random text, and a password may well start with -: they
 * are written as they are. Every other cell holds something a customer, an operator, a seller's
 * upstream or a location database wrote (a note, a ZIP code, a city), and a spreadsheet must not
 * run it as a formula.
 */
const PORTAL_WRITTEN: readonly TemplatePlaceholder[] = ['user', 'pass'];

/**
 * RFC 4180: quoted when it holds a comma, quote or line break. A cell starting with = + - @ (or a
 * tab or carriage return) gets a leading ' so a spreadsheet shows it as text. A ; is quoted too:
 * where it is the list separator (German, French Excel) a spreadsheet splits unquoted cells on
 * it, and the text after it would start a cell of its own, formula and all.
 */
function csvCell(value: string, column: TemplatePlaceholder): string {
  const safe = !PORTAL_WRITTEN.includes(column) && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A rental's credentials as one `host:port:user:pass` line: the history's `proxy`, and an export format. */
export function proxyLine(host: string, port: number, user: string, pass: string): string {
  return `${host}:${port}:${user}:${pass}`;
}

export function formatProxyLine(record: ExportRecord, format: Exclude<ExportFormat, 'csv' | 'json'>): string {
  const { proxy_ip: host, proxy_usr: user, proxy_pwd: pass } = record;
  switch (format) {
    case 'ip:port:user:pass':
      return proxyLine(host, record.proxy_port, user, pass);
    case 'user:pass@ip:port':
      return `${user}:${pass}@${host}:${record.proxy_port}`;
    // A scheme names the protocol, so it takes that protocol's port of the gateway.
    case 'socks5://user:pass@ip:port':
      return `socks5://${user}:${pass}@${host}:${record.socks_port}`;
    case 'http://user:pass@ip:port':
      return `http://${user}:${pass}@${host}:${record.http_port}`;
  }
}

/** The rental through the HTTPS proxy port (the password inside TLS); null when the gateway has none. */
export function httpsProxyLine(record: ExportRecord): string | null {
  if (!record.https_port) return null;
  return `https://${record.proxy_usr}:${record.proxy_pwd}@${record.proxy_ip}:${record.https_port}`;
}

export type ExportChoice = { format: ExportFormat } | { template: string };

/** The whole list: a line per proxy (ending with a newline), a CSV with its header, or JSON. */
export function exportProxies(records: readonly ExportRecord[], choice: ExportChoice): string {
  if ('template' in choice) return lines(records.map((record) => fillTemplate(record, choice.template)));
  if (choice.format === 'json') {
    const rows = records.map((record) =>
      Object.fromEntries(CSV_COLUMNS.map((column) => [column, placeholderJson(record, column)])),
    );
    return `${JSON.stringify(rows, null, 2)}\n`;
  }
  if (choice.format === 'csv') {
    const body = records.map((record) => CSV_COLUMNS.map((c) => csvCell(placeholderValue(record, c), c)).join(','));
    return lines([CSV_COLUMNS.join(','), ...body]).replaceAll('\n', '\r\n');
  }
  const format = choice.format;
  return lines(records.map((record) => formatProxyLine(record, format)));
}

function placeholderJson(record: ExportRecord, name: TemplatePlaceholder): string | number {
  return holdsNumber(name) ? Number(placeholderValue(record, name)) : placeholderValue(record, name);
}

function lines(items: readonly string[]): string {
  return items.length === 0 ? '' : `${items.join('\n')}\n`;
}

/** The file name and type a download of this choice gets. */
export function exportFile(choice: ExportChoice): { name: string; type: string } {
  if ('format' in choice && choice.format === 'csv') return { name: 'proxies.csv', type: 'text/csv; charset=utf-8' };
  if ('format' in choice && choice.format === 'json') {
    return { name: 'proxies.json', type: 'application/json; charset=utf-8' };
  }
  return { name: 'proxies.txt', type: 'text/plain; charset=utf-8' };
}
