import { Button, Group, Text } from '@mantine/core';
import { useSession } from '@/lib/session-context.ts';
import { useMailTransport } from '../api/get-mail-transport.ts';
import { useSetMailTransport } from '../api/set-mail-transport.ts';
import { canControlTransport } from './mail-access.ts';

/**
 * Where mail goes from this server: the embedded SMTP server (demo mode: nothing leaves the machine), which an
 * unconditioned MAIL UPDATE may stop and start to see that mail sent meanwhile waits and goes out after; or the
 * SMTP server of SMTP_URL.
 */
export function TransportPanel() {
  const session = useSession();
  const transport = useMailTransport();
  const setRunning = useSetMailTransport();
  const status = transport.data;
  if (!status) return null;
  if (status.mode === 'SMTP') {
    return (
      <Text size="sm" data-testid="mail-transport">
        Mail goes out through the SMTP server at <b>{status.host}</b>, from {status.from}.
      </Text>
    );
  }
  return (
    <Group justify="space-between" gap="sm" data-testid="mail-transport">
      <Text size="sm">
        Mail is captured by the server&apos;s own SMTP server on {status.host}:{status.port}, which is{' '}
        <b>{status.running ? 'accepting mail' : 'stopped'}</b>: nothing leaves this machine, and each message is shown
        below as it arrived. From: {status.from}
      </Text>
      {canControlTransport(session) && (
        <Button
          size="xs"
          variant="light"
          color={status.running ? 'red' : 'teal'}
          loading={setRunning.isPending}
          onClick={() => setRunning.mutate(!status.running)}
        >
          {status.running ? 'Stop mail server' : 'Start mail server'}
        </Button>
      )}
    </Group>
  );
}
