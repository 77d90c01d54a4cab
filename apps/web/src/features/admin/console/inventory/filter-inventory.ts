import type { InventoryRow, InventoryState } from '@portal/contract';

export type StateFilter = InventoryState | 'all';

/** The text a search looks in: id, IP, country, city and ISP, lower-cased once. */
function haystack(row: InventoryRow): string {
  return `#${row.id} ${row.id} ${row.ip} ${row.country} ${row.city} ${row.isp}`.toLowerCase();
}

const cache = new WeakMap<InventoryRow, string>();

/**
 * Rows matching every word of the search (in any of the fields) and the state. The lower-cased
 * text is kept per row object, so typing through 20,000 rows does not rebuild it per keystroke.
 */
export function filterInventory(rows: InventoryRow[], search: string, state: StateFilter): InventoryRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (state !== 'all' && row.state !== state) return false;
    if (words.length === 0) return true;
    let text = cache.get(row);
    if (text === undefined) {
      text = haystack(row);
      cache.set(row, text);
    }
    return words.every((word) => text.includes(word));
  });
}
