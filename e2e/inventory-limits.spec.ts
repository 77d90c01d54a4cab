import { expect, test, type Locator, type Page } from '@playwright/test';
import { operatorInLanguage } from './kit';

const LANGUAGES = ['en', 'ru', 'hi', 'es', 'fr', 'zh-CN'] as const;

/** What a phone or a desktop shows of the first inventory row's limits, measured in the page. */
async function measure(row: Locator) {
  return row.evaluate((tr) => {
    const cells = [...tr.children] as HTMLElement[];
    const limits = cells.find((cell) => cell.querySelector('form input[inputmode=numeric]'))!;
    const actions = cells.at(-1)!;
    const region = tr.closest('[role=region]') as HTMLElement;
    const context = document.createElement('canvas').getContext('2d')!;
    const forms = [...limits.querySelectorAll('form')].map((form) => {
      const input = form.querySelector('input')!;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        placeholder: Math.ceil(context.measureText(input.placeholder).width),
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        inputBottom: input.getBoundingClientRect().bottom,
        saveTop: form.querySelector('button')!.getBoundingClientRect().top,
      };
    });
    return {
      page: document.documentElement.scrollWidth,
      // The part of the table box that is not under the pinned actions column.
      beside: region.clientWidth - actions.offsetWidth,
      limits: limits.offsetWidth,
      tableOverflow: region.scrollWidth - region.clientWidth,
      forms,
    };
  });
}

async function openInventory(page: Page, width: number): Promise<Locator> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/admin/inventory');
  const row = page.getByTestId('inventory-row').first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  return row;
}

/**
 * A proxy's connection and address limits fit both widths in every language: on a phone the
 * whole field with its Save button can be scrolled into view beside the pinned actions (in
 * Russian, Spanish and French it was 11 to 61 px wider than that, so part of it always hid),
 * and no placeholder is cut off; at 1,280 px the table needs no sideways scrolling and Save
 * stays beside its field.
 */
for (const language of LANGUAGES) {
  test(`the inventory's limit fields fit 375 px and 1,280 px in ${language}`, async ({ page, request }) => {
    await operatorInLanguage(page, request, language);

    const phone = await measure(await openInventory(page, 375));
    expect(phone.page, 'page width at 375 px').toBeLessThanOrEqual(375);
    expect(phone.limits, `limits cell against ${phone.beside} px beside the actions`).toBeLessThanOrEqual(phone.beside);
    for (const form of phone.forms) expect(form.placeholder, 'placeholder at 375 px').toBeLessThanOrEqual(form.room);

    const desktop = await measure(await openInventory(page, 1280));
    expect(desktop.page, 'page width at 1,280 px').toBeLessThanOrEqual(1280);
    expect(desktop.tableOverflow, 'table overflow at 1,280 px').toBeLessThanOrEqual(0);
    for (const form of desktop.forms) {
      expect(form.placeholder, 'placeholder at 1,280 px').toBeLessThanOrEqual(form.room);
      expect(form.saveTop, 'Save beside its field at 1,280 px, not under it').toBeLessThan(form.inputBottom);
    }
  });
}
