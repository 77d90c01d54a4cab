import { STORAGE_KEYS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, storedLanguage } from './i18n';

describe('language persistence', () => {
  it('restores the stored language on load and falls back to English for anything else', async () => {
    localStorage.setItem(STORAGE_KEYS.language, 'es');
    expect(storedLanguage()).toBe('es');
    await initI18n();
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('nav.logout')).toBe('Cerrar sesión');

    localStorage.setItem(STORAGE_KEYS.language, 'de');
    expect(storedLanguage()).toBe('en');
  });

  it('saves a new choice under the "language" key and sets <html lang>', async () => {
    await initI18n('en');
    await changeLanguage('zh-CN');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    await changeLanguage('hi');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('hi');
    expect(i18n.t('nav.login')).not.toBe('Log in');
  });
});
