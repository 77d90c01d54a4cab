import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** Whether UDP passes through a proxy: a badge when it does, a quiet dash when not or not yet known. */
export function UdpMark({ udp }: { udp: boolean | null }) {
  const { t } = useTranslation('rentals');
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
