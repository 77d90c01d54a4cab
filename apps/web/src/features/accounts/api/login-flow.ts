import { getWalletQueryOptions } from '../../../lib/wallet';
import { browserQueryClient } from '../../../lib/query-client';
import { loginErrorText } from '../lib/login-error';
import { login } from './login';

/**
 * What the login form runs on submit, loaded only then: the API client and its zod
 * schemas stay out of the login page's first scripts.
 */
export { login, loginErrorText };

/** After login the wallet is loaded, since the header shows it on every screen (catalogue and history load theirs). */
export function prefetchWallet(): void {
  void browserQueryClient().prefetchQuery(getWalletQueryOptions());
}

export async function toastSuccess(text: string): Promise<void> {
  const { toast } = await import('sonner');
  toast.success(text);
}
