import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache. Errors are already shown by the API client (modal), so queries do not retry:
 * a retry would only repeat the same refusal, and refetching on focus would re-open error modals.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
