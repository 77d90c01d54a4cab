import { toast } from 'sonner';

/**
 * A change's callbacks that tell in a toast how it ended: `done` once it worked (then `after` runs,
 * such as a refresh), the text `failed` makes of the error if it did not.
 */
export function toastOutcome(done: string, failed: (error: Error) => string, after?: () => void) {
  return {
    onSuccess: () => {
      toast.success(done);
      after?.();
    },
    onError: (error: Error) => {
      toast.error(failed(error));
    },
  };
}
