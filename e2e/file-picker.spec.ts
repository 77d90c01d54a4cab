import { expect, test } from '@playwright/test';
import path from 'node:path';
import { operatorInLanguage } from './kit';

/** Screenshots for a person to look at, beside the other screens' (ux-screens.spec.ts). */
const SHOTS = path.resolve(import.meta.dirname, '../test-results/ux-shots');

/** The picker's words in each language tested: the field, the button, none chosen, one loaded. */
const WORDS = {
  es: ['O elija un archivo', 'Elegir archivo', 'Ningún archivo elegido', 'Cargado batch.csv'],
  'zh-CN': ['或选择文件', '选择文件', '未选择文件', '已载入 batch.csv'],
} as const;

/**
 * The inventory import's file picker speaks the shop's language (the browser's own control said
 * "Choose File" and "No file chosen" whatever language was picked), is reached with Tab, shows the
 * focus on its button, and fits a phone.
 */
for (const [language, [field, choose, none, loaded]] of Object.entries(WORDS)) {
  test(`the import's file picker is in ${language} and shows the keyboard's focus`, async ({ page, request }) => {
    await operatorInLanguage(page, request, language);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/inventory');
      const input = page.getByLabel(field, { exact: true });
      await expect(input).toHaveAttribute('type', 'file');
      await expect(input).toHaveAccessibleName(field);
      await expect(input).toHaveAccessibleDescription(none);
      const button = page.locator('label').filter({ has: input });
      await expect(button).toHaveText(choose);

      // Tab from the text above lands on the hidden input, and its button shows the ring.
      await page.locator('textarea').focus();
      await page.keyboard.press('Tab');
      await expect(input).toBeFocused();
      await expect(button).toHaveCSS('outline-style', 'solid');
      await expect(button).toHaveCSS('outline-width', '2px');
      await button.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `file-picker-${language}-${width}.png`) });

      await input.setInputFiles({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from('ip,port\n') });
      await expect(input).toHaveAccessibleDescription(loaded);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
}
