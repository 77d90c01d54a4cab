import { PROXY_TYPES, type InventoryRow, type NodeView, type ProxyType } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { cn } from '../../../../lib/cn';
import { useSetProxyEnabled } from '../api/set-proxy-enabled';
import { useCheckProxies } from '../api/check-proxies';
import { ListTable, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';
import { DisableDialog } from './disable-dialog';
import { NodeCell } from './node-cell';
import { ProxyLimitCell } from './proxy-limit-cell';

const STATE_TONE: Record<InventoryRow['state'], BadgeTone> = {
  free: 'green',
  rented: 'blue',
  disabled: 'slate',
  checking: 'amber',
  failed: 'red',
  unhealthy: 'orange',
};

const isProxyType = (type: string): type is ProxyType => (PROXY_TYPES as readonly string[]).includes(type);

/** The source of a discovered field, after its value: operator, geo database, ASN, IPQS. */
function Source({ row, field }: { row: InventoryRow; field: string }) {
  const { t } = useTranslation('console');
  const source = row.sources[field];
  if (!source || source === 'operator') return null;
  return (
    <span className="block text-xs text-slate-600">{t(`inventory.sources.${source}`, { defaultValue: source })}</span>
  );
}

/** Where the proxy is and who runs it, each discovered value followed by where it came from. */
function LocationCell({ row }: { row: InventoryRow }) {
  const { t } = useTranslation('console');
  return (
    <td className={td}>
      {row.country}
      {row.city && `, ${row.city}`}
      {row.region && <span className="block text-xs text-slate-600">{row.region}</span>}
      <Source row={row} field="country" />
      <span className="block text-xs text-slate-700">{row.isp}</span>
      <Source row={row} field="isp" />
      <span className="block text-xs text-slate-700 tabular-nums">
        {t('inventory.fraudScore', { score: row.fraudScore })}
      </span>
      <Source row={row} field="fraud_score" />
    </td>
  );
}

/** One page of the inventory with health columns, the gateway of each proxy and an enable/disable button per row. */
export function InventoryTable({ rows, nodes }: { rows: InventoryRow[]; nodes: NodeView[] }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const toggle = useSetProxyEnabled({
    mutationConfig: {
      onError: (error, { id }) => toast.error(t('inventory.toggleFailed', { id, reason: apiErrorText(error) })),
    },
  });
  const busyId = toggle.isPending ? toggle.variables.id : null;
  // Disabling asks first: how many rentals it cuts off, and whether to replace them.
  const [disabling, setDisabling] = useState<InventoryRow | null>(null);
  const check = useCheckProxies();
  const checkingId = check.isPending ? check.variables[0] : null;

  // Nine columns that fit 1,280 px with the actions in view (in Russian too): the kind carries the upstream, the
  // location the ISP and the fraud score, and health the exit, latency and both check times.
  const columns = ['id', 'address', 'kind', 'location', 'state', 'health', 'limits', 'node', 'action'] as const;

  return (
    <>
      <DisableDialog key={disabling?.id ?? 'none'} row={disabling} onClose={() => setDisabling(null)} />
      <ListTable
        caption={t('inventory.listTitle')}
        captionHidden
        stickyActions
        labels={columns.map((column) => t(`inventory.columns.${column}`))}
        wrap
        empty={rows.length === 0}
        emptyText={t('inventory.noMatch')}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-slate-100" data-testid="inventory-row">
            <td className={cn(td, 'tabular-nums')}>{row.id}</td>
            <td className={cn(td, 'font-mono whitespace-nowrap')}>
              {row.ip}:{row.port}
            </td>
            <td className={td}>
              {/* May wrap: a type's name in Russian or Spanish is long, and the table must fit 1,280 px. */}
              <span>
                {isProxyType(row.type) ? t(`proxyTypes.${row.type}`) : row.type} · {row.protocol}
              </span>
              <span className="block font-mono text-xs text-slate-600">{row.upstreamKind}</span>
            </td>
            <LocationCell row={row} />
            <td className={td}>
              <Badge tone={STATE_TONE[row.state]}>{t(`states.${row.state}`)}</Badge>
              {row.failureReason && <span className="mt-1 block text-xs text-red-800">{row.failureReason}</span>}
            </td>
            <td className={cn(td, 'text-xs')}>
              <span className="block font-mono whitespace-nowrap">
                {row.exitIp ?? '—'}
                {row.latencyMs !== null && (
                  <>
                    {' · '}
                    <span className="font-sans text-slate-600">{t('inventory.latency', { ms: row.latencyMs })}</span>
                  </>
                )}
              </span>
              <span className="block">
                <span className="text-slate-600">{t('inventory.columns.lastCheck')}: </span>
                <span className="whitespace-nowrap">{format.dateTime(row.lastCheckedAt) ?? t('common.never')}</span>
              </span>
              <span className={cn('block', row.udp === false ? 'text-slate-600' : 'text-green-800')}>
                {t(row.udp === null ? 'inventory.udp.unknown' : row.udp ? 'inventory.udp.yes' : 'inventory.udp.no')}
              </span>
              <span className={cn('block', row.lastUnavailableAt && 'text-red-800')}>
                <span className={row.lastUnavailableAt ? undefined : 'text-slate-600'}>
                  {t('inventory.columns.lastUnavailable')}:{' '}
                </span>
                <span className="whitespace-nowrap">{format.dateTime(row.lastUnavailableAt) ?? t('common.never')}</span>
              </span>
            </td>
            <td className={td}>
              <span className="block text-xs text-slate-600">{t('inventory.columns.maxConnections')}</span>
              <ProxyLimitCell row={row} field="maxConnections" />
              <span className="mt-2 block text-xs text-slate-600">{t('inventory.columns.maxSourceIps')}</span>
              {row.sourceIps !== null && (
                <span className="block text-xs whitespace-nowrap text-slate-700">
                  {t('inventory.maxSourceIps.used', { used: row.sourceIps })}
                </span>
              )}
              <ProxyLimitCell row={row} field="maxSourceIps" />
            </td>
            <td className={td}>
              <NodeCell row={row} nodes={nodes} />
            </td>
            <td className={td}>
              <Button
                variant={row.enabled ? 'secondary' : 'primary'}
                size="sm"
                disabled={busyId === row.id}
                aria-label={t(row.enabled ? 'inventory.disableLabel' : 'inventory.enableLabel', {
                  address: `${row.ip}:${row.port}`,
                  id: row.id,
                })}
                onClick={() => (row.enabled ? setDisabling(row) : toggle.mutate({ id: row.id, enabled: true }))}
              >
                {t(row.enabled ? 'inventory.disable' : 'inventory.enable')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="mt-1"
                disabled={checkingId === row.id}
                aria-label={t('inventory.checkLabel', { id: row.id })}
                onClick={() =>
                  check.mutate([row.id], {
                    onError: (error) =>
                      toast.error(t('inventory.toggleFailed', { id: row.id, reason: apiErrorText(error) })),
                  })
                }
              >
                {checkingId === row.id ? t('inventory.checking') : t('inventory.check')}
              </Button>
            </td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
