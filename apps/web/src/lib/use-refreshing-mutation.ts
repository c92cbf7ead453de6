import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The one way a feature writes (decision 047): the request, then the queries under `queryKey`
 * refetch once the server has answered. Writes never pretend to succeed (DESIGN.md section 3
 * item 8): no optimistic update, and the mutation settles after the refetch.
 */
export function useRefreshingMutation<V = void, R = unknown>(queryKey: QueryKey, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
