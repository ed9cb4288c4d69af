/**
 * App-wide providers: the query cache. antd's ConfigProvider and App are not here: they wrap only what
 * uses antd (antd-scope.tsx), so the public shell renders without downloading antd.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
