import { Alert, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/page-loader.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useSimulatorState } from '../api/get-simulator-state.ts';
import { DeliveryStatusForm } from '../components/delivery-status-form.tsx';
import { InboundCallForm } from '../components/inbound-call-form.tsx';
import { InboundSmsForm } from '../components/inbound-sms-form.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The local phone simulator (DESIGN §1): what Twilio would post, injected through the same signed
 * webhooks. Only in local mode; with Twilio configured the page says the simulator is off.
 */
export function PhoneSimulatorPage() {
  useDocumentTitle('Phone simulator · Casedesk');
  const state = useSimulatorState();

  if (state.isPending) return <PageLoader />;
  if (state.isError) {
    return <LoadError title="The simulator's state could not be loaded" onRetry={() => void state.refetch()} />;
  }

  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>Phone simulator</Title>
      {!state.data.enabled ? (
        <Alert color="gray" title="The simulator is off">
          This server sends texts and places calls through Twilio, so inbound texts, calls and delivery statuses come
          from the real phone network.
        </Alert>
      ) : (
        <>
          <Text size="sm">
            No texts or calls leave this machine: the built-in provider records what staff send, and this page plays the
            outside world. Each form posts exactly what Twilio would to the server's signed webhooks, so what you inject
            is handled like the real thing.
          </Text>
          <List size="sm" spacing={4}>
            {state.data.autoStatus ? (
              <List.Item>
                Sent texts are reported <Code>sent</Code>, then <Code>delivered</Code>, within a second. A text to a
                number ending in <Code>{state.data.failingNumberSuffix}</Code> fails (error 30003), so a failed message
                and its retry can be shown.
              </List.Item>
            ) : (
              <List.Item>
                Sent texts stay <Code>queued</Code> until you post their status below (SIMULATOR_AUTO_STATUS is off).
              </List.Item>
            )}
            <List.Item>
              The same is available from a terminal: <Code>npm run simulate -- sms --from … --to … --body "STOP"</Code>.
            </List.Item>
          </List>
          <Section title="Inbound text">
            <InboundSmsForm />
          </Section>
          <Section title="Inbound call">
            <InboundCallForm />
          </Section>
          <Section title="Delivery status of a sent text">
            <DeliveryStatusForm />
          </Section>
        </>
      )}
    </Stack>
  );
}
