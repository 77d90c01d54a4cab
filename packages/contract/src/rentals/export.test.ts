import { describe, expect, it } from 'vitest';
import {
  ExportJsonRecordSchema,
  exportProxies,
  fillTemplate,
  httpsProxyLine,
  templateProblem,
  type ExportRecord,
} from './export';

const record = (overrides: Partial<ExportRecord> = {}): ExportRecord => ({
  id: 7,
  proxy_ip: 'gw.example',
  proxy_port: 1080,
  socks_port: 1080,
  http_port: 8081,
  protocol: 'SOCKS5',
  proxy_usr: 'u7',
  proxy_pwd: 'p:w',
  ip: '203.0.113.7',
  country: 'DE',
  region: 'Bavaria',
  city: 'Munich',
  ISP: 'Telekom',
  zip: '80331',
  ipqualityscore: 12,
  end_time: '2026-12-01T00:00:00.000Z',
  note: '',
  ...overrides,
});

describe('export templates', () => {
  it('fills {ip_auth_port} with the own port under IP authorization, and with nothing without it', () => {
    expect(fillTemplate(record({ ip_auth: { port: 20001 } }), '{host}:{ip_auth_port}')).toBe('gw.example:20001');
    expect(fillTemplate(record(), '{host}:{ip_auth_port}')).toBe('gw.example:');
    expect(templateProblem('{ip_auth_port}')).toBeNull();
  });

  it('fills {https_port} and the https:// line only when the gateway has an HTTPS port', () => {
    expect(fillTemplate(record({ https_port: 8443 }), 'https://{user}:{pass}@{host}:{https_port}')).toBe(
      'https://u7:p:w@gw.example:8443',
    );
    expect(httpsProxyLine(record({ https_port: 8443 }))).toBe('https://u7:p:w@gw.example:8443');
    expect(fillTemplate(record({ https_port: null }), '{host}:{https_port}')).toBe('gw.example:');
    expect(httpsProxyLine(record())).toBeNull();
  });

  it('names an unknown placeholder, an empty and an over-long template', () => {
    expect(templateProblem('{host}:{port}')).toBeNull();
    expect(templateProblem('{password}')).toMatch(/unknown placeholder \{password\}/);
    expect(templateProblem('  ')).toMatch(/empty/);
    expect(templateProblem('x'.repeat(501))).toMatch(/at most 500/);
  });

  it('fills every placeholder and keeps a note on one line', () => {
    const line = fillTemplate(
      record({ note: 'a\r\nb' }),
      '{protocol}|{socks_port}|{http_port}|{isp}|{note}|{end_time}',
    );
    expect(line).toBe('SOCKS5|1080|8081|Telekom|a b|2026-12-01T00:00:00.000Z');
  });

  it('quotes CSV cells and defuses spreadsheet formulas in notes, never in credentials', () => {
    const csv = exportProxies([record({ note: '=HYPERLINK("x")', proxy_pwd: '-starts-with-dash' })], { format: 'csv' });
    expect(csv.endsWith('\r\n')).toBe(true);
    const row = csv.split('\r\n')[1] ?? '';
    expect(row.endsWith(`,"'=HYPERLINK(""x"")"`)).toBe(true);
    expect(row.startsWith('gw.example,1080,u7,-starts-with-dash,')).toBe(true);
  });

  it('defuses a formula at the start of every column that the portal did not write itself', () => {
    for (const lead of ['=', '+', '-', '@']) {
      const formula = `${lead}2+3`;
      const csv = exportProxies(
        [
          record({
            proxy_ip: formula,
            protocol: formula,
            ip: formula,
            country: formula,
            region: formula,
            city: formula,
            ISP: formula,
            zip: formula,
            note: formula,
            end_time: formula,
          }),
        ],
        { format: 'csv' },
      );
      const [header = '', row = ''] = csv.split('\r\n');
      const cells = Object.fromEntries(header.split(',').map((column, index) => [column, row.split(',')[index]]));
      for (const column of ['host', 'protocol', 'ip', 'country', 'region', 'city', 'isp', 'zip', 'end_time', 'note']) {
        expect(cells[column], `${column} with ${lead}`).toBe(`'${formula}`);
      }
      // Nothing in the row starts a formula any more, credentials aside.
      expect(row.split(',').filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
  });

  it('quotes a cell holding ; so a spreadsheet that splits on it (a ; list-separator locale) keeps it whole', () => {
    const formula = "=cmd|' /C calc'!A0";
    const csv = exportProxies([record({ city: `Munich;${formula}`, zip: `1;${formula}`, note: `a;${formula}` })], {
      format: 'csv',
    });
    const row = csv.split('\r\n')[1] ?? '';
    // Split on ; outside quoted cells, as such a spreadsheet reads the line: no part starts a formula.
    const parts = row.match(/(?:"(?:[^"]|"")*"|[^;"])+/g) ?? [];
    expect(parts.filter((part) => /^[=+\-@]/.test(part))).toEqual([]);
    expect(row).toContain(`"Munich;${formula}"`);
  });

  it('answers nothing at all for no proxies, and an empty JSON list', () => {
    expect(exportProxies([], { format: 'ip:port:user:pass' })).toBe('');
    expect(exportProxies([], { format: 'json' })).toBe('[]\n');
  });

  it('writes JSON rows as the API document describes them: every column, numbers where it says so', () => {
    const [row] = JSON.parse(exportProxies([record()], { format: 'json' })) as unknown[];
    expect(ExportJsonRecordSchema.strict().parse(row)).toEqual(row);
  });
});
