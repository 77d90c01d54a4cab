import { PUBLIC_PAGES } from '@portal/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { type HEAD_NAMESPACES, PAGES_WITH_OWN_DESCRIPTION, titleAndDescription } from './head';

describe('the head of each public page', () => {
  it('reads the meta texts exactly on the pages listed as having their own description', () => {
    for (const page of PUBLIC_PAGES) {
      const keys: string[] = [];
      const t = ((key: string) => {
        keys.push(key);
        return key;
      }) as unknown as TFunction<typeof HEAD_NAMESPACES>;
      titleAndDescription(page, t);
      const readsMeta = keys.some((key) => key.startsWith('meta:'));
      expect(readsMeta, page).toBe(PAGES_WITH_OWN_DESCRIPTION.includes(page));
    }
  });
});
