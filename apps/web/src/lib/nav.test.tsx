import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLink, NavProvider, type Nav } from './nav';

function renderLinks(pathname: string) {
  const moves: { to: string; replace: boolean }[] = [];
  const nav: Nav = {
    location: { pathname, search: '', hash: '' },
    navigate: (to, options) => moves.push({ to, replace: options?.replace ?? false }),
  };
  render(
    <NavProvider value={nav}>
      <AppLink to="/news">News</AppLink>
      <AppLink to="/terms">Terms</AppLink>
    </NavProvider>,
  );
  return moves;
}

describe('AppLink', () => {
  it('adds a history entry for another page and replaces it for the page already shown', () => {
    const moves = renderLinks('/news');
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    fireEvent.click(screen.getByRole('link', { name: 'News' }));
    expect(moves).toEqual([
      { to: '/terms', replace: false },
      { to: '/news', replace: true },
    ]);
  });

  it('leaves a click with a modifier key to the browser', () => {
    const moves = renderLinks('/news');
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }), { ctrlKey: true });
    expect(moves).toEqual([]);
  });
});
