import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { AttributionReport } from '../components/attribution-report.tsx';
import { TypeCountsPanel } from '../components/type-counts-panel.tsx';
import { UnresolvedDnisPanel } from '../components/unresolved-dnis-panel.tsx';

/**
 * SPEC §2 /marketing/tracking-lines: active lines per type (each opening its list), the numbers called that
 * no line maps, and the attribution report with spend.
 */
export function TrackingLinesPage() {
  useDocumentTitle('Tracking Lines · Casedesk');
  const subject = subjectOf(useSession());
  const [tab, setTab] = useState<string | null>('attribution');
  return (
    <Stack gap="md" maw={1600} mx="auto">
      <Stack gap={2}>
        <Title order={1}>Tracking Lines</Title>
        <Text size="sm" c="dimmed">
          Advertised numbers by type; choose a type to add, re-map or deactivate its lines.
        </Text>
      </Stack>
      <TypeCountsPanel />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="attribution">Attribution</Tabs.Tab>
          <Tabs.Tab value="unresolved">Unresolved numbers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="attribution" pt="sm">
          <AttributionReport canEnterSpend={can(subject, 'TRACKING_LINE', 'CREATE')} />
        </Tabs.Panel>
        <Tabs.Panel value="unresolved" pt="sm">
          <UnresolvedDnisPanel canCreate={can(subject, 'TRACKING_LINE', 'CREATE')} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
