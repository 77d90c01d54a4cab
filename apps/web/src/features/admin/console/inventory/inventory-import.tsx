import { MAX_IMPORT_PROBLEMS, PROXY_TYPES, type ProxyType, type RowProblem } from '@portal/contract';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { isApiError } from '../../../../lib/api-error';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useImportProxies } from '../api/import-proxies';
import { parseImport } from './parse-import';
import { ImportProgress } from './import-progress';
import { FilePicker } from '../../../../components/ui/file-picker';
import { inputClass } from '../../../../components/ui/input-class';
import { Labelled } from '../../../../components/ui/labelled';
import { SelectField } from '../components/field';
import { TitledSection } from '../components/titled-section';

type Outcome =
  | { kind: 'added'; count: number; ids: number[]; duplicates: { row: number; upstream: string }[] }
  | { kind: 'rows'; problems: RowProblem[] }
  | { kind: 'error'; message: string }
  | null;

/**
 * Inventory import by pasting CSV/JSON or choosing a .csv/.json file. The
 * import is all or nothing, so a refusal lists every bad row (row number and field) at once.
 */
export function InventoryImport() {
  const { t } = useTranslation('console');
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [protocol, setProtocol] = useState<'socks5' | 'http' | ''>('');
  const [batchType, setBatchType] = useState<ProxyType | ''>('');
  const importProxies = useImportProxies();

  // Text edited or imported is no longer the file's: the picker says there is none, and takes the
  // same file again (a file input reports no change for the file it already holds).
  function forgetFile() {
    setFileName(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await file.text());
    setFileName(file.name);
    setOutcome(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseImport(text, { ...(protocol ? { protocol } : {}), ...(batchType ? { type: batchType } : {}) });
    if (!parsed.ok) {
      setOutcome({
        kind: 'error',
        message:
          parsed.error === 'json'
            ? t('inventory.import.invalidJson', { reason: parsed.detail ?? '' })
            : t(`inventory.import.${parsed.error}`),
      });
      return;
    }
    setOutcome(null);
    importProxies.mutate(parsed.input, {
      onSuccess: (answer) => {
        setOutcome({ kind: 'added', count: answer.added, ids: answer.ids, duplicates: answer.duplicates });
        setText('');
        forgetFile();
      },
      onError: (error) => {
        if (isApiError(error) && error.problems && error.problems.length > 0) {
          setOutcome({ kind: 'rows', problems: error.problems });
        } else if (isApiError(error) && error.code === 'IMPORT_INVALID' && error.serverMessage) {
          // Refusals without rows (unreadable CSV, empty or too long) carry their cause in the sentence.
          setOutcome({ kind: 'error', message: t('inventory.import.failed', { reason: error.serverMessage }) });
        } else {
          setOutcome({ kind: 'error', message: t('inventory.import.failed', { reason: apiErrorText(error) }) });
        }
      },
    });
  }

  return (
    <TitledSection title={t('inventory.import.title')}>
      <p id={hintId} className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">
        {t('inventory.import.hint')}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3">
        <Labelled label={t('inventory.import.text')}>
          {(id) => (
            <textarea
              id={id}
              rows={6}
              spellCheck={false}
              value={text}
              aria-describedby={hintId}
              onChange={(event) => {
                setText(event.target.value);
                forgetFile();
              }}
              className={inputClass('w-full font-mono text-xs')}
            />
          )}
        </Labelled>
        <FilePicker
          label={t('inventory.import.file')}
          choose={t('inventory.import.chooseFile')}
          chosen={fileName ? t('inventory.import.fileLoaded', { name: fileName }) : t('inventory.import.noFile')}
          accept=".csv,.json,.txt,text/csv,application/json,text/plain"
          inputRef={fileInput}
          onChange={(event) => void onFile(event)}
        />
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t('inventory.import.protocol')}
            value={protocol}
            onChange={(value) => setProtocol(value as 'socks5' | 'http' | '')}
            options={[
              ['', t('inventory.import.protocolDetect')],
              ['http', 'HTTP'],
              ['socks5', 'SOCKS5'],
            ]}
          />
          <SelectField
            label={t('inventory.import.type')}
            value={batchType}
            onChange={(value) => setBatchType(value as ProxyType | '')}
            options={[
              ['', t('inventory.import.typeDiscover')],
              ...PROXY_TYPES.map((type) => [type, t(`proxyTypes.${type}`)] as const),
            ]}
          />
        </div>
        <div>
          <SubmitButton pending={importProxies.isPending} pendingLabel={t('inventory.import.submitting')}>
            {t('inventory.import.submit')}
          </SubmitButton>
        </div>
      </form>
      <ImportOutcome outcome={outcome} />
    </TitledSection>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('console');
  return (
    <>
      <div role="status" className="empty:hidden">
        {outcome?.kind === 'added' && (
          <div className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            <p className="font-medium">{t('inventory.import.added', { count: outcome.count })}</p>
            {outcome.duplicates.map((duplicate) => (
              <p key={duplicate.row}>{t('inventory.import.duplicate', duplicate)}</p>
            ))}
            <ImportProgress ids={outcome.ids} />
          </div>
        )}
      </div>
      <div role="alert" className="empty:hidden">
        {outcome?.kind === 'error' && (
          <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{outcome.message}</p>
        )}
        {outcome?.kind === 'rows' && (
          <div className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{t('inventory.import.rejected', { count: outcome.problems.length })}</p>
            <ul className="mt-2 list-disc pl-5" aria-label={t('inventory.import.problemsLabel')}>
              {outcome.problems.map((problem, index) => (
                <li key={`${problem.row}-${problem.field}-${index}`}>
                  {t('inventory.import.row', { row: problem.row, field: problem.field, message: problem.message })}
                </li>
              ))}
            </ul>
            {outcome.problems.length >= MAX_IMPORT_PROBLEMS && (
              <p className="mt-2">{t('inventory.import.capped', { max: MAX_IMPORT_PROBLEMS })}</p>
            )}
          </div>
        )}
      </div>
    </>
  );
}
