import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../../lib/i18n';
import { useConsoleFormat } from './use-console-format';

/** Intl separates number and unit with a no-break space in some languages; the test reads it as a space. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('byte counts in the console', () => {
  it('take the unit that fits, so a small backup is not "0 MB"', async () => {
    await initI18n('en');
    const { result } = renderHook(() => useConsoleFormat());
    const bytes = (value: number) => spaced(result.current.bytes(value));
    expect(bytes(14_878)).toBe('14.9 kB');
    expect(bytes(2_500_000)).toBe('2.5 MB');
    expect(bytes(3_200_000_000)).toBe('3.2 GB');
    expect(bytes(0)).toBe('0 B');
    expect(bytes(512)).toBe('512 B');
  });

  it('write the number and the unit as the reader language does', async () => {
    await initI18n('en');
    await changeLanguage('es');
    const { result } = renderHook(() => useConsoleFormat());
    expect(spaced(result.current.bytes(14_878))).toBe('14,9 kB');
    await changeLanguage('fr');
    const { result: french } = renderHook(() => useConsoleFormat());
    expect(spaced(french.current.bytes(2_500_000))).toBe('2,5 Mo');
    await changeLanguage('en');
  });
});
