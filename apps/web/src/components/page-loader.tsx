import { Center, Loader, Stack, Text } from '@mantine/core';

interface PageLoaderProps {
  label?: string;
}

/** A calm centred loader for whole-page waits (session loading, sign-in). */
export function PageLoader({ label = 'Loading…' }: PageLoaderProps) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" type="dots" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
