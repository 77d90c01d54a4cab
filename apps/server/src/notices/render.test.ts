import { describe, expect, it } from 'vitest';
import type { StoredPayload } from './notice-events';
import { renderNotices } from './render';

const context = { publicUrl: 'https://shop.example', forEmail: false };
const failed = {
  kind: 'renew_failed',
  rentalId: 7,
  endTime: '2026-11-25T20:00:00.000Z',
  label: '203.0.113.9 · DE',
  reason: 'Insufficient balance: this costs $5.00 and your wallet has $1.20',
  cause: { code: 'INSUFFICIENT_BALANCE', priceCents: 500, balanceCents: 120 },
} satisfies StoredPayload;

describe('a failed renewal told', () => {
  it("gives its reason in the customer's language, amounts included", () => {
    const en = renderNotices('en', [failed], context).text;
    expect(en).toContain('could not be renewed automatically: it costs $5.00 and your balance is $1.20.');
    const ru = renderNotices('ru', [failed], context).text;
    expect(ru).toContain('продление стоит $5.00, а на балансе $1.20');
    for (const language of ['ru', 'hi', 'es', 'fr', 'zh-CN']) {
      expect(renderNotices(language, [failed], context).text).not.toMatch(/Insufficient|wallet/);
    }
    const withdrawn = { ...failed, cause: { code: 'PROXY_UNAVAILABLE' } } satisfies StoredPayload;
    expect(renderNotices('es', [withdrawn], context).text).toContain('el proxy se ha retirado de la venta');
  });

  it('queued before causes were kept, says what the server said', () => {
    const { cause: _cause, ...old } = failed;
    expect(renderNotices('fr', [old], context).text).toContain(old.reason);
  });
});
