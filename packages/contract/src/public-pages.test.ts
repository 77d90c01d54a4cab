import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { PUBLIC_PAGES, localizedPath, parsePublicPath } from './public-pages';

describe('public page paths', () => {
  it('puts English at the page path and the other languages under their prefix', () => {
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('ru', '/')).toBe('/ru/');
    expect(localizedPath('hi', '/news')).toBe('/hi/news');
    expect(localizedPath('zh-CN', '/terms')).toBe('/zh-CN/terms');
  });

  it('reads back every page in every language', () => {
    for (const language of LANGUAGES) {
      for (const page of PUBLIC_PAGES) {
        expect(parsePublicPath(localizedPath(language, page))).toEqual({ page, language });
      }
    }
    expect(parsePublicPath('/ru')).toEqual({ page: '/', language: 'ru' });
  });

  it('knows no other path', () => {
    for (const path of ['/proxy', '/ru/proxy', '/en/news', '/de/news', '/news/', '/ru/ru/', '/api/news', '']) {
      expect(parsePublicPath(path)).toBeNull();
    }
  });
});
