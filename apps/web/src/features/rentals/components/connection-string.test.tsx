import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectionString } from './connection-string';

describe('connection strings', () => {
  it('may wrap only after "://", ":" and "@", so a port or host stays whole', () => {
    const { container } = render(<ConnectionString text="socks5://u3:secret@gw.example:1080" />);
    const code = container.querySelector('code')!;
    expect(code).toHaveTextContent('socks5://u3:secret@gw.example:1080');
    expect(code).not.toHaveClass('break-all');
    const pieces = [...code.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent);
    expect(pieces).toEqual(['socks5://', 'u3:', 'secret@', 'gw.example:', '1080']);
    expect(code.querySelectorAll('wbr')).toHaveLength(4);
  });
});
