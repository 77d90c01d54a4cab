import { cn } from '../lib/cn';
import { Button } from './ui/button';

/** A failed load: what went wrong, and a button to try again. */
export function ErrorWithRetry({
  message,
  retryLabel,
  onRetry,
  className,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-800', className)}
    >
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
