import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiRequestError } from '../lib/api-request-error';
import { Toaster } from '../lib/toast';

const MAX_RETRIES = 2;

function createQueryClient(): QueryClient {
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

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not a module singleton), so tests that mount the app start clean.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
