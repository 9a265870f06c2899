import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client.ts';

export function renderWithProviders(ui: ReactNode) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
