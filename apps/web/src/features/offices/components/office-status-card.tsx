import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { OfficeDetail } from '@casedesk/contract/offices/office';
import { useSetOfficeStatus } from '../api/set-office-status.ts';
import { INACTIVE_OFFICE_KEEPS, INACTIVE_OFFICE_LEAVES, OFFICE_STATUS_LABELS } from './office-labels.ts';

interface OfficeStatusCardProps {
  office: OfficeDetail;
  editable: boolean;
}

/** Deactivate (after a confirm that says what the office keeps) or reactivate; offices are never deleted. */
export function OfficeStatusCard({ office, editable }: OfficeStatusCardProps) {
  const [confirming, { open, close }] = useDisclosure(false);
  const status = useSetOfficeStatus(office.id);
  const active = office.status === 'ACTIVE';
  const deactivate = () => status.mutate('INACTIVE', { onSuccess: close });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="office-status-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="office-status-title">
            Status
          </Title>
          <Badge variant="dot" color={active ? 'green' : 'gray'}>
            {OFFICE_STATUS_LABELS[office.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {active ? 'Offered for new work: bookings, texts and calls.' : INACTIVE_OFFICE_LEAVES}
        </Text>
        {editable &&
          (active ? (
            <Button variant="light" color="red" onClick={open}>
              Deactivate office
            </Button>
          ) : (
            <Button variant="light" loading={status.isPending} onClick={() => status.mutate('ACTIVE')}>
              Reactivate office
            </Button>
          ))}
      </Stack>
      <Modal opened={confirming} onClose={close} title={`Deactivate ${office.name}?`}>
        <Stack gap="sm">
          <Text size="sm">{INACTIVE_OFFICE_KEEPS}</Text>
          <Text size="sm">{INACTIVE_OFFICE_LEAVES}</Text>
          <Text size="sm">You can reactivate it at any time.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={status.isPending} onClick={deactivate}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
