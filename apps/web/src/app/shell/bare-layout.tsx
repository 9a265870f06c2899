import { AppShell, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './brand-mark.tsx';

/** Header with the product name only: for pages without a loaded session (signed out, denied). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 52 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md">
          <BrandMark />
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
