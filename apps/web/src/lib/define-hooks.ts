import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';

/** What a screen may add to a read: polling, `enabled`, stale time; the key and the call stay the read's own. */
export type QueryConfig<O> = Omit<O, 'queryKey' | 'queryFn'>;

/**
 * One read of the API as react-query sees it: `options` for prefetching and for screens that build
 * their own query on it, `use` for the screens that only add options of their own.
 */
export function defineQuery<K extends QueryKey, T>(queryKey: () => K, read: (signal: AbortSignal) => Promise<T>) {
  const options = () => queryOptions({ queryKey: queryKey(), queryFn: ({ signal }) => read(signal) });
  function useDefinedQuery({ queryConfig }: { queryConfig?: QueryConfig<ReturnType<typeof options>> } = {}) {
    return useQuery({ ...options(), ...queryConfig });
  }
  return { options, use: useDefinedQuery };
}

/** What a screen may add to a change: its own `onSuccess`, `onError`, `retry`; the call stays the hook's own. */
export type MutationConfig<T, I> = Omit<UseMutationOptions<T, Error, I>, 'mutationFn'>;

interface Refresh<I> {
  /** The queries the change makes stale, marked so on success before the screen's own `onSuccess` runs. */
  refreshes: (input: I) => QueryKey;
  /**
   * Whether the mutation stays pending until those queries have refetched, so the screen shows the
   * new figures as soon as the button is enabled again; otherwise they refetch in the background.
   */
  waitForRefetch?: boolean;
}

/** A hook for one change of the API, taking the screen's options; `refresh` names what it makes stale. */
export function defineMutation<T, I>(mutationFn: (input: I) => Promise<T>, refresh?: Refresh<I>) {
  return function useDefinedMutation({ mutationConfig }: { mutationConfig?: MutationConfig<T, I> } = {}) {
    const queryClient = useQueryClient();
    const { onSuccess, ...rest } = mutationConfig ?? {};
    return useMutation({
      ...rest,
      mutationFn,
      onSuccess: refresh
        ? async (...args) => {
            const refetched = queryClient.invalidateQueries({ queryKey: refresh.refreshes(args[1]) });
            if (refresh.waitForRefetch) await refetched;
            await onSuccess?.(...args);
          }
        : onSuccess,
    });
  };
}
