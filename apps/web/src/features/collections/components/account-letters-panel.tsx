import { Paper, Stack, Text, Title } from '@mantine/core';
import { useContext } from 'react';
import { CollectionSlotsContext } from './collection-slots.ts';

/**
 * The "Letters" panel of the account page: the drafts and letters of the account, from the templates feature
 * through the LettersPanel slot (app/shell/feature-slots.tsx). Until that slot is filled it says so.
 */
export function AccountLettersPanel({ collectionAccountId }: { collectionAccountId: string }) {
  const { LettersPanel } = useContext(CollectionSlotsContext);
  return (
    <Paper withBorder p="md" aria-labelledby="account-letters-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="account-letters-title">
          Letters
        </Title>
        {LettersPanel ? (
          <LettersPanel collectionAccountId={collectionAccountId} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="account-letters-placeholder">
            Letters and drafts for this account are not available yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
