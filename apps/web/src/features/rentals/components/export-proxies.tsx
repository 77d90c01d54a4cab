import { EXPORT_FORMATS, exportFile, exportProxies, templateProblem, type HistoryRecord } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input-class';
import { PullLinks } from './pull-links';

const TEMPLATE = 'template';
export type ExportSelection = (typeof EXPORT_FORMATS)[number] | typeof TEMPLATE;
export const EXPORT_SELECTIONS: readonly ExportSelection[] = [...EXPORT_FORMATS, TEMPLATE];

/** A format, or a template with {placeholders}; `null` while the template is not usable. */
export function choiceOf(selection: ExportSelection, template: string) {
  if (selection !== TEMPLATE) return { format: selection };
  return templateProblem(template) === null ? { template } : null;
}

/**
 * Downloads the connected proxies in a format or a template (the same text the server's export and
 * pull links answer: both come from the contract's exportProxies), and manages pull links.
 */
export function ExportProxies({
  records,
  ofSelection = false,
}: {
  records: readonly HistoryRecord[];
  /** The records are the connected ones of the History page's selection, not all connected ones. */
  ofSelection?: boolean;
}) {
  const { t } = useTranslation('rentals');
  const [selection, setSelection] = useState<ExportSelection>(EXPORT_SELECTIONS[0] ?? TEMPLATE);
  const [template, setTemplate] = useState('{host}:{port}:{user}:{pass} # {country} {note}');
  const choice = choiceOf(selection, template);
  const problem = selection === TEMPLATE ? templateProblem(template) : null;

  const download = () => {
    if (!choice) return;
    const file = exportFile(choice);
    const url = URL.createObjectURL(new Blob([exportProxies(records, choice)], { type: file.type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    // Revoked on the next turn: the click has handed the file to the browser by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          {t('export.format')}
          <select
            value={selection}
            onChange={(event) => setSelection(event.target.value as ExportSelection)}
            className="rounded-lg border border-slate-300 bg-white px-2 py-2 font-mono text-sm"
          >
            {EXPORT_SELECTIONS.map((value) => (
              <option key={value} value={value}>
                {value === TEMPLATE ? t('export.template') : value}
              </option>
            ))}
          </select>
        </label>
        {selection === TEMPLATE && (
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
            {t('export.templateLabel')}
            <input
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby="export-template-help"
              className={inputClass('w-72 font-mono text-sm')}
            />
          </label>
        )}
        <Button variant="secondary" disabled={records.length === 0 || !choice} onClick={download}>
          {t(ofSelection ? 'export.downloadSelected' : 'export.download', { count: records.length })}
        </Button>
        <PullLinks choice={choice} />
      </div>
      {selection === TEMPLATE && (
        <p id="export-template-help" className={problem ? 'text-xs text-red-700' : 'text-xs text-slate-600'}>
          {problem ? t('export.templateInvalid') : t('export.templateHelp')}
        </p>
      )}
    </div>
  );
}
