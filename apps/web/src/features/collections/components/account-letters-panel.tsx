import { Paper, Stack, Text, Title } from '@mantine/core';
import { useContext } from 'react';
import { CollectionSlotsContext, type AccountLettersTarget } from './collection-slots.ts';

/**
 * The "Letters" panel of the account page: the e-mails and letters about the account, with Send e-mail and
 * Write letter, from the mail feature through the LettersPanel slot (app/shell/feature-slots.tsx).
 */
export function AccountLettersPanel({ collectionAccountId, client }: AccountLettersTarget) {
  const { LettersPanel } = useContext(CollectionSlotsContext);
  return (
    <Paper withBorder p="md" aria-labelledby="account-letters-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="account-letters-title">
          E-mail and letters
        </Title>
        {LettersPanel ? (
          <LettersPanel collectionAccountId={collectionAccountId} client={client} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="account-letters-placeholder">
            Letters for this account are not available here.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
