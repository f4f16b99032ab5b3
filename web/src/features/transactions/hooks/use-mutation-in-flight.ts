import { useIsMutating, useQueryClient, type MutationKey } from '@tanstack/react-query';

/**
 * Whether a mutation under `mutationKey` is in flight anywhere, not only from the component asking: the
 * transactions list draws its rows again when the window crosses the table's width (docs/decisions.md #296), and
 * a button or form drawn then must still show the request it did not send. `inFlight` is for drawing; react-query
 * tells a component a task later, so a click asks `inFlightNow()`, which the cache answers as soon as `mutate()`
 * has been called: a double click's second click sends nothing.
 */
export function useMutationInFlight(mutationKey: MutationKey) {
  const queryClient = useQueryClient();
  const inFlight = useIsMutating({ mutationKey }) > 0;
  return { inFlight, inFlightNow: () => queryClient.isMutating({ mutationKey }) > 0 };
}
