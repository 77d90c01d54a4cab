import { Button } from '../../../components/ui/button';
import { ConnectionString } from './connection-string';

/**
 * A labelled address with its Copy button. On a phone the label and the button share the first
 * line and the address has the second to itself: beside the button it was squeezed to a few
 * characters and broke at every ":" (seen at 375 px). From `sm` up the three sit on one line, the
 * labels at least 4rem wide so that the rows of a list line up.
 */
export function CopyRow({
  label,
  text,
  copyLabel,
  copyText,
  onCopy,
}: {
  label: string;
  text: string;
  /** The button's accessible name, which says what is copied. */
  copyLabel: string;
  /** The button's visible text. */
  copyText: string;
  onCopy: (text: string) => void;
}) {
  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(4rem,auto)_minmax(0,1fr)_auto]"
      data-testid="copy-row"
    >
      <span className="min-w-0 text-sm font-medium text-slate-700">{label}</span>
      <ConnectionString
        className="col-span-2 row-start-2 min-w-0 rounded bg-slate-100 px-2 py-1 text-xs sm:col-span-1 sm:row-start-1"
        text={text}
      />
      <Button variant="secondary" size="sm" aria-label={copyLabel} onClick={() => onCopy(text)}>
        {copyText}
      </Button>
    </div>
  );
}
