import type { ComponentProps } from 'react';
import { toastOutcome } from '../../lib/toast-outcome';
import { Button } from './button';

/** What ChangeButton needs of a mutation: starting it with callbacks, and whether it runs. */
interface Change<V> {
  mutate: (variables: V, callbacks: ReturnType<typeof toastOutcome>) => void;
  isPending: boolean;
}

/**
 * A button that starts one change, disabled while that change runs so a second press cannot send
 * it twice; a toast tells how it ended (`done`'s text, or `failed`'s text of the error).
 */
export function ChangeButton<V>({
  change,
  variables,
  done,
  failed,
  ...button
}: Omit<ComponentProps<typeof Button>, 'disabled' | 'onClick'> & {
  change: Change<V>;
  variables: V;
  done: () => string;
  failed: (error: Error) => string;
}) {
  return (
    <Button
      disabled={change.isPending}
      onClick={() => change.mutate(variables, toastOutcome(done, failed))}
      {...button}
    />
  );
}
