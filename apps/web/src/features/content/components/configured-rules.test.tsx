import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch } from '../../../testing/render-app';
import { ServerRulesContext } from '../api/use-gateway-rules';
import { ConfiguredRules } from './configured-rules';

beforeAll(async () => {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces(['terms']);
});

const rules = (max_connections: number, max_source_ips: number) => ({
  max_connections,
  max_source_ips,
  source_window_hours: 24,
});

describe("the terms' configured limits", () => {
  it('state the address limit, and a connection cap only when the operator set one', () => {
    const { unmount } = render(
      <ServerRulesContext.Provider value={rules(0, 5)}>
        <ConfiguredRules />
      </ServerRulesContext.Provider>,
    );
    const text = screen.getByTestId('configured-rules').textContent;
    expect(text).toContain('Different IP addresses one rental may be used from within 24 hours: at most 5');
    expect(text).not.toContain('connections at once');
    unmount();

    render(
      <ServerRulesContext.Provider value={rules(50, 2)}>
        <ConfiguredRules />
      </ServerRulesContext.Provider>,
    );
    expect(screen.getByTestId('configured-rules')).toHaveTextContent(
      /at most 50 connections at once on each gateway server\. Different IP addresses .* at most 2 /,
    );
  });

  it('says nothing of its own when neither limit is set, and asks the API when the page came without them', async () => {
    const { unmount } = render(
      <ServerRulesContext.Provider value={rules(0, 0)}>
        <ConfiguredRules />
      </ServerRulesContext.Provider>,
    );
    expect(screen.queryByTestId('configured-rules')).toBeNull();
    unmount();

    mockFetch((path) =>
      path === '/api/gateway/rules'
        ? jsonResponse(200, { success: true, ...rules(7, 3) })
        : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
    );
    render(<ConfiguredRules />);
    expect(await screen.findByTestId('configured-rules')).toHaveTextContent('at most 7 connections');
  });
});
