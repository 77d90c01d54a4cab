import type { InventoryRow, NodeView } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inputClass } from '../../../../components/ui/input-class';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useSetProxyNode } from '../api/nodes';

const SHOP = 'shop';

/**
 * Which gateway serves a proxy's rentals: the shop's own or a node, chosen in its row. A revoked
 * node is listed only for the proxies still assigned to it, so the row says where they are.
 */
export function NodeCell({ row, nodes }: { row: InventoryRow; nodes: NodeView[] }) {
  const { t } = useTranslation('console');
  const move = useSetProxyNode();
  const name = (nodeId: number | null) =>
    nodeId === null ? t('inventory.node.shop') : (nodes.find((node) => node.id === nodeId)?.name ?? `#${nodeId}`);
  const choices = nodes.filter((node) => node.revokedAt === null || node.id === row.nodeId);
  return (
    <select
      aria-label={t('inventory.node.label', { id: row.id })}
      value={row.nodeId === null ? SHOP : String(row.nodeId)}
      disabled={move.isPending}
      onChange={(event) => {
        const nodeId = event.target.value === SHOP ? null : Number(event.target.value);
        move.mutate(
          { id: row.id, nodeId },
          {
            onSuccess: () => toast.success(t('inventory.node.done', { id: row.id, gateway: name(nodeId) })),
            onError: (error) => toast.error(t('inventory.node.failed', { id: row.id, reason: apiErrorText(error) })),
          },
        );
      }}
      className={inputClass('w-28 text-xs', { compact: true })}
    >
      <option value={SHOP}>{t('inventory.node.shopShort')}</option>
      {choices.map((node) => (
        <option key={node.id} value={String(node.id)} disabled={node.revokedAt !== null}>
          {node.revokedAt === null ? node.name : t('inventory.node.revoked', { name: node.name })}
        </option>
      ))}
    </select>
  );
}
