import { toast } from 'sonner';

/**
 * A change's callbacks that tell in a toast how it ended: the text `done` gives once it worked (then
 * `after` runs, such as a refresh), the text `failed` makes of the error if it did not. Both texts
 * are made when the answer comes, in the language shown then.
 */
export function toastOutcome(done: () => string, failed: (error: Error) => string, after?: () => void) {
  return {
    onSuccess: () => {
      toast.success(done());
      after?.();
    },
    onError: (error: Error) => {
      toast.error(failed(error));
    },
  };
}
