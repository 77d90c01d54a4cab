import { describe, expect, it } from 'vitest';
import { looksLikeUpstreamLines, parseUpstreamLines } from './upstream-lines';

describe('parseUpstreamLines', () => {
  it('reads every format sellers hand out, with comments and blank lines', () => {
    const text = [
      '# batch 7',
      '45.12.3.4:8000:user:pass',
      '',
      '45.12.3.5:8000',
      '  user:pass@45.12.3.6:8000  ',
      'socks5://user:pass@gate.example.net:7000',
      'http://us%40r:p%3Ass@45.12.3.7:3128/',
      '[2001:db8::1]:1080:user:pa:ss',
      '45.12.3.8:8000:user:pa:ss',
    ].join('\r\n');
    const { lines, problems } = parseUpstreamLines(text, 'http');
    expect(problems).toEqual([]);
    expect(lines.map((line) => [line.line, line.upstream])).toEqual([
      [2, 'http://user:pass@45.12.3.4:8000'],
      [4, 'http://45.12.3.5:8000'],
      [5, 'http://user:pass@45.12.3.6:8000'],
      [6, 'socks5://user:pass@gate.example.net:7000'],
      [7, 'http://us%40r:p%3Ass@45.12.3.7:3128'],
      [8, 'http://user:pa%3Ass@[2001:db8::1]:1080'],
      [9, 'http://user:pa%3Ass@45.12.3.8:8000'],
    ]);
    expect(parseUpstreamLines('1.2.3.4:80', 'socks5').lines[0]?.scheme).toBe('socks5');
  });

  it('names each bad line', () => {
    const { problems } = parseUpstreamLines('ok.example:80\nftp://a:b@h:1\nh:0\nh\n:pass@h:80\nbad host!:80', 'http');
    expect(problems.map((p) => [p.row, p.message])).toEqual([
      [2, 'unsupported scheme ftp:// (socks5:// or http://)'],
      [3, 'port must be a whole number from 1 to 65535'],
      [4, 'expected host:port, host:port:user:pass or user:pass@host:port'],
      [5, 'credentials must be user:pass'],
      [6, '"bad host!" is not a host name or IP address'],
    ]);
  });

  it('reads an @ in the password of host:port:user:pass, and refuses numbers that are no address', () => {
    const { lines, problems } = parseUpstreamLines(
      [
        '45.12.3.9:8000:user:p@ss',
        '256.1.1.1:80',
        '1.2.3:80',
        'user:p@ss@45.12.3.10:8000',
        '[:::::]:80',
        '45.12.3.11:8000:user:abc@def:99',
        'foo.123:80:user:secret',
        'gate.0x10:80',
      ].join('\n'),
      'socks5',
    );
    expect(lines.map((line) => [line.line, line.upstream])).toEqual([
      [1, 'socks5://user:p%40ss@45.12.3.9:8000'],
      [4, 'socks5://user:p%40ss@45.12.3.10:8000'],
      [6, 'socks5://user:abc%40def%3A99@45.12.3.11:8000'],
    ]);
    expect(problems.map((p) => [p.row, p.message])).toEqual([
      [2, '"256.1.1.1" is not a host name or IP address'],
      [3, '"1.2.3" is not a host name or IP address'],
      [5, '"[:::::]" is not a host name or IP address'],
      [7, '"foo.123" is not a host name or IP address'],
      [8, '"gate.0x10" is not a host name or IP address'],
    ]);
  });

  it('tells plain lines from CSV and JSON', () => {
    for (const text of ['# c\n1.2.3.4:80:u:p', 'socks5://u:p@h:1', '[2001:db8::1]:1080']) {
      expect(looksLikeUpstreamLines(text), text).toBe(true);
    }
    for (const text of ['ip,port,upstream\n1.2.3.4,80,direct', '[{"ip": "1.2.3.4"}]', '{"proxies": []}']) {
      expect(looksLikeUpstreamLines(text), text).toBe(false);
    }
  });
});
