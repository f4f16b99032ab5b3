import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-request-error';

const MAX_RETRIES = 2;

/**
 * The app's query client, made once with its router (merchant-app.tsx): the routes' loaders start their
 * pages' reads through it and the pages' hooks read the same cache (docs/decisions.md #180).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on a retry (bad input, not signed in, not found): show it at once.
        retry: (failureCount, error) =>
          !(error instanceof ApiRequestError && error.isClientError) && failureCount < MAX_RETRIES,
      },
    },
  });
}
