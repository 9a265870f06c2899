import { Text } from '@mantine/core';

/** One labelled figure of a summary; `alert` shows it in red (a difference that is not zero). */
export function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={alert ? 'red.8' : undefined}>
        {value}
      </Text>
    </div>
  );
}
