import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';
import { CopySecret } from './copy-secret';

/** A value the server returns only once (a secret code, a token): selectable whole, with a Copy button. */
export function OnceValue({
  testId,
  value,
  item,
  className,
}: {
  testId: string;
  value: string;
  /** What the value is, for the Copy button's label and its result. */
  item: string;
  /** Classes added to the value's own. */
  className?: string;
}) {
  return (
    <>
      <code data-testid={testId} className={cn('mt-2 block font-mono break-all select-all', className)}>
        {value}
      </code>
      <CopySecret item={item} value={value} />
    </>
  );
}

/**
 * The notice after creating something whose secret cannot be shown again: what it is, the value,
 * and any further steps (`children`).
 */
export function ShownOnce({
  intro,
  children,
  ...secret
}: {
  intro: string;
  testId: string;
  value: string;
  item: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p>{intro}</p>
      <OnceValue {...secret} />
      {children}
    </div>
  );
}
