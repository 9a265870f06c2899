import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorPopup } from '@/components/error-popup.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Light or dark follows the system until the user picks one in the user menu; the choice is kept in
 * local storage under this key, which public/color-scheme.js reads before the first paint.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'casedesk.color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/** SPEC §9: toasts last 1500 ms. */
export const TOAST_MS = 1500;

interface AppProvidersProps {
  children: ReactNode;
}

export function AppProviders({ children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications position="top-right" autoClose={TOAST_MS} />
      <QueryClientProvider client={queryClient}>
        {children}
        <ErrorPopup />
      </QueryClientProvider>
    </MantineProvider>
  );
}
