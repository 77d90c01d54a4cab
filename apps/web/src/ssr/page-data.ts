import type { NewsItem, StorefrontFacts } from '@portal/contract';

/** What the server hands the browser with a page's HTML, so hydration renders exactly what it rendered. */
export interface PageData {
  news?: NewsItem[];
  /** The shop's figures the landing and the terms were rendered with. */
  storefront?: StorefrontFacts;
  /** The support address (SUPPORT_CONTACT) /support was rendered with: there before any script runs. */
  supportContact?: string;
}

export const PAGE_DATA_ID = 'page-data';

/** JSON inside a <script> element: `<` is escaped, so no text (a news title) can close the element. */
export function serializePageData(data: PageData): string {
  return `<script id="${PAGE_DATA_ID}" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export function readPageData(): PageData {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return {};
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return {};
  }
}
