import { Group, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { PhoneIcon } from '@/components/icons.tsx';

/** SPEC §4: an ongoing call is highlighted with a phone indicator; the title explains it. */
export function OngoingCallIndicator() {
  return (
    <Tooltip label="Ongoing call: inbound, no duration yet, started within the last hour" withArrow openDelay={200}>
      <ThemeIcon
        size="sm"
        radius="xl"
        color="teal"
        variant="filled"
        role="img"
        aria-label="Ongoing call"
        data-testid="ongoing-call"
      >
        <PhoneIcon size={12} />
      </ThemeIcon>
    </Tooltip>
  );
}

/** The legend above the calls table. */
export function OngoingCallLegend() {
  return (
    <Group gap={6} wrap="nowrap" data-testid="ongoing-call-legend">
      <OngoingCallIndicator />
      <Text size="xs" c="dimmed">
        Ongoing call (inbound, no duration yet, within the last hour)
      </Text>
    </Group>
  );
}
