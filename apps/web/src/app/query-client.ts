import { QueryClient } from '@tanstack/react-query';

// The HTTP client already retries network and 5xx errors (SPEC §7); a second layer of retries
// would multiply them.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
