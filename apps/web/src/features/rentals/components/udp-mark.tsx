import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/**
 * Whether UDP passes through a proxy: a badge when it does, a quiet dash when not or not yet known.
 * `spelled` writes the whole answer instead, for a card, which has no UDP column header to explain
 * the badge or the dash.
 */
export function UdpMark({ udp, spelled = false }: { udp: boolean | null; spelled?: boolean }) {
  const { t } = useTranslation('rentals');
  if (spelled) {
    const text = t(udp === true ? 'table.udpYes' : udp === false ? 'table.udpNo' : 'table.udpUnknown');
    return udp === true ? (
      <Badge tone="green" className="inline-block whitespace-nowrap">
        {text}
      </Badge>
    ) : (
      <span className="whitespace-nowrap text-slate-500">{text}</span>
    );
  }
  if (udp === true) {
    return (
      <Badge tone="green" className="inline-block whitespace-nowrap" title={t('table.udpYes')}>
        {t('table.udp')}
        <span className="sr-only">: {t('table.udpYes')}</span>
      </Badge>
    );
  }
  const label = t(udp === false ? 'table.udpNo' : 'table.udpUnknown');
  return (
    <span className="text-slate-500" title={label}>
      <span aria-hidden>—</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
