import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface LoadErrorProps {
  /** What failed, as the user names it: "Calls could not be loaded". */
  title: string;
  /** Asks again (a query's refetch). */
  onRetry: () => void;
  /** What the user can do; by default, check the connection and retry. */
  children?: ReactNode;
}

/**
 * The one way a screen says its data could not be loaded: a red alert naming what failed and a Retry button.
 * The popup (SPEC §8) has already said why; this stays on the screen until the data comes.
 */
export function LoadError({ title, onRetry, children }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group gap="sm">
        <Text size="sm">{children ?? 'Check your connection and try again.'}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
