import { Group, Text, ThemeIcon } from '@mantine/core';

/** Product name with a small mark, shown at the left of every header. */
export function BrandMark() {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={26} radius="sm" variant="filled" aria-hidden="true">
        <Text fw={700} size="sm" c="white" lh={1}>
          C
        </Text>
      </ThemeIcon>
      <Text fw={600} size="md" lh={1}>
        Casedesk
      </Text>
    </Group>
  );
}
