import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventory } from '../api/get-inventory';

/**
 * Discovery of a fresh import: how many of its proxies are listed, failed or still
 * waiting, from the inventory the page polls while any of them is being checked.
 */
export function ImportProgress({ ids }: { ids: number[] }) {
  const { t } = useTranslation('console');
  const inventory = useInventory();
  const counts = useMemo(() => {
    const wanted = new Set(ids);
    const result = { checked: 0, failed: 0, waiting: 0 };
    for (const row of inventory.data ?? []) {
      if (!wanted.has(row.id)) continue;
      if (row.state === 'checking') result.waiting += 1;
      else if (row.state === 'failed') result.failed += 1;
      else result.checked += 1;
    }
    return result;
  }, [inventory.data, ids]);
  if (ids.length === 0) return null;
  return (
    <p className="mt-1" data-testid="import-progress" aria-live="polite">
      {t('inventory.import.progress', counts)}
    </p>
  );
}
