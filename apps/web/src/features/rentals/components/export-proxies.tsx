import type { HistoryRecord } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EXPORT_FORMATS, exportText, type ExportFormat } from '../lib/export-format';

/** Downloads the connected proxies as text, one a line, in the chosen format. */
export function ExportProxies({ records }: { records: readonly HistoryRecord[] }) {
  const { t } = useTranslation('rentals');
  const [format, setFormat] = useState<ExportFormat>(EXPORT_FORMATS[0]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([exportText(records, format)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'proxies.txt';
    link.click();
    // Revoked on the next turn: the click has handed the file to the browser by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        {t('export.format')}
        <select
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
          className="rounded-lg border border-slate-300 bg-white px-2 py-2 font-mono text-sm"
        >
          {EXPORT_FORMATS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <Button variant="secondary" disabled={records.length === 0} onClick={download}>
        {t('export.download', { count: records.length })}
      </Button>
    </div>
  );
}
