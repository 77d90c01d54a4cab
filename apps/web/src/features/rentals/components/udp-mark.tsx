import { useTranslation } from 'react-i18next';

/** Whether UDP passes through a proxy: a badge when it does, a quiet dash when not or not yet known. */
export function UdpMark({ udp }: { udp: boolean | null }) {
  const { t } = useTranslation('rentals');
  if (udp === true) {
    return (
      <span
        className="inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-900"
        title={t('table.udpYes')}
      >
        {t('table.udp')}
        <span className="sr-only">: {t('table.udpYes')}</span>
      </span>
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
