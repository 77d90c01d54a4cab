import { createNodeEndpoint, revokeNodeEndpoint, type NodeView } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { cn } from '../../../../lib/cn';
import { useAdminMe } from '../../api/admin-me';
import { mayCall } from '../../lib/role-screens';
import { useNodes, useRevokeNode } from '../api/nodes';
import { QueryState } from '../components/query-state';
import { ListTable, ScreenHeader, td } from '../components/table';
import { useConfirmRowChange } from '../components/use-confirm-row-change';
import { useConsoleFormat } from '../components/use-console-format';
import { AddNode } from './add-node';
import { sameCode } from './same-code';
import { sampleOf, throughput, type NodeSample } from './throughput';

/** Gateway nodes: their state as they report it, adding one (the owner) and revoking one. */
export function NodesPage() {
  const { t } = useTranslation('console');
  const me = useAdminMe();
  const role = me.data?.operator.role;
  const nodes = useNodes();
  return (
    <>
      <ScreenHeader title={t('nodes.title')} />
      <div className="flex flex-col gap-6">
        <p className="text-sm text-slate-700">{t('nodes.intro')}</p>
        {mayCall(role, createNodeEndpoint) && <AddNode />}
        {nodes.data ? (
          <>
            <p className="text-sm text-slate-700" data-testid="shop-version">
              {t('nodes.shopVersion')} <code className="font-mono text-xs">{nodes.data.shopVersion}</code>
            </p>
            <NodeTable
              nodes={nodes.data.nodes}
              shopVersion={nodes.data.shopVersion}
              mayRevoke={mayCall(role, revokeNodeEndpoint)}
            />
          </>
        ) : (
          <QueryState error={nodes.error} onRetry={() => void nodes.refetch()} />
        )}
      </div>
    </>
  );
}

const STATE_TONE = { online: 'green', offline: 'red', revoked: 'slate' } as const satisfies Record<string, BadgeTone>;

type Rates = Map<number, { up: number; down: number } | null>;

/**
 * Bytes per second of each node between its last two reports seen by this screen. Worked out
 * when a new list arrives (React's "adjust state while rendering": no extra pass through an effect).
 */
function useRates(nodes: NodeView[]): Rates {
  const [seen, setSeen] = useState<{ list: NodeView[] | null; samples: Map<number, NodeSample>; rates: Rates }>({
    list: null,
    samples: new Map(),
    rates: new Map(),
  });
  if (seen.list !== nodes) {
    const samples = new Map(seen.samples);
    const rates: Rates = new Map();
    for (const node of nodes) {
      const sample = sampleOf(node);
      const before = seen.samples.get(node.id) ?? null;
      // The same report again (a poll between two reports) keeps the rate it had.
      if (sample && before && sample.at === before.at) rates.set(node.id, seen.rates.get(node.id) ?? null);
      else rates.set(node.id, throughput(before, sample));
      if (sample && (!before || sample.at !== before.at)) samples.set(node.id, sample);
    }
    setSeen({ list: nodes, samples, rates });
    return rates;
  }
  return seen.rates;
}

function NodeTable({ nodes, shopVersion, mayRevoke }: { nodes: NodeView[]; shopVersion: string; mayRevoke: boolean }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const rates = useRates(nodes);
  const revoking = useConfirmRowChange(useRevokeNode(), (node: NodeView | null) => ({
    title: t('nodes.revoke.title', { name: node?.name ?? '' }),
    description: t('nodes.revoke.text', { count: node?.proxies ?? 0 }),
    cancelLabel: t('nodes.revoke.cancel'),
    confirmLabel: t('nodes.revoke.button'),
    done: t('nodes.revoke.done', { name: node?.name ?? '' }),
  }));
  const columns = ['node', 'state', 'lastSeen', 'connections', 'throughput', 'version', 'actions'] as const;
  const perSecond = (bytes: number) => t('nodes.perSecond', { value: format.bytes(bytes) });

  return (
    <>
      <ListTable
        caption={t('nodes.listTitle')}
        stickyActions
        labels={columns.map((column) => t(`nodes.columns.${column}`))}
        wrap
        empty={nodes.length === 0}
        emptyText={t('nodes.empty')}
      >
        {nodes.map((node) => {
          const state = node.revokedAt ? 'revoked' : node.online ? 'online' : 'offline';
          const rate = rates.get(node.id) ?? null;
          return (
            <tr key={node.id} className="border-t border-slate-100" data-testid="node-row">
              <td className={td}>
                <span className="font-medium">{node.name}</span>
                <span className="block font-mono text-xs text-slate-600">{node.host}</span>
                <span className="block text-xs text-slate-600">{t('nodes.proxies', { count: node.proxies })}</span>
              </td>
              <td className={td}>
                <Badge data-testid="node-state" tone={STATE_TONE[state]} className="whitespace-nowrap">
                  {t(`nodes.states.${state}`)}
                </Badge>
              </td>
              <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(node.last_seen) ?? t('common.never')}</td>
              <td className={cn(td, 'tabular-nums')}>{format.number(node.openConnections)}</td>
              <td className={cn(td, 'text-xs whitespace-nowrap')}>
                {rate ? (
                  <>
                    <span className="block">↑ {perSecond(rate.up)}</span>
                    <span className="block">↓ {perSecond(rate.down)}</span>
                  </>
                ) : (
                  <span className="text-slate-600">{t('nodes.noRate')}</span>
                )}
                <span className="block text-slate-600">
                  {t('nodes.total', { up: format.bytes(node.bytesUp), down: format.bytes(node.bytesDown) })}
                </span>
              </td>
              <td className={cn(td, 'text-xs')}>
                <span className="font-mono break-all">{node.version ?? '—'}</span>
                {/* A node left on other code after an upgrade (a revoked one serves nothing). */}
                {node.version && !sameCode(node.version, shopVersion) && !node.revokedAt && (
                  <Badge data-testid="node-version-differs" tone="amber" className="mt-1 block w-fit">
                    {t('nodes.otherVersion')}
                  </Badge>
                )}
              </td>
              <td className={td}>
                {mayRevoke &&
                  !node.revokedAt &&
                  revoking.askButton(node, t('nodes.revoke.label', { name: node.name }), 'sm')}
              </td>
            </tr>
          );
        })}
      </ListTable>
      {revoking.dialog}
    </>
  );
}
