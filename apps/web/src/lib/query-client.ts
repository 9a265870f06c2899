import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are already retried once after a 401 by the api client and reported by it to the
 * error popup (SPEC §8), so TanStack Query must not retry on top (that would repeat popups).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
