import { Paper, Stack, Text, Title } from '@mantine/core';
import { useContext } from 'react';
import { CollectionSlotsContext, type AccountLettersTarget } from './collection-slots.ts';

/**
 * The "Letters" panel of the account page: the letter and e-mail drafts waiting for approval or gone out, then the
 * e-mails and letters about the account, with Send e-mail and Write letter, from the mail feature through the
 * DraftsPanel and LettersPanel slots (app/shell/feature-slots.tsx).
 */
export function AccountLettersPanel({ collectionAccountId, client }: AccountLettersTarget) {
  const { LettersPanel, DraftsPanel } = useContext(CollectionSlotsContext);
  return (
    <Paper withBorder p="md" aria-labelledby="account-letters-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="account-letters-title">
          E-mail and letters
        </Title>
        {DraftsPanel && (
          <Stack gap="xs" aria-labelledby="account-drafts-title">
            <Title order={3} size="h5" id="account-drafts-title">
              Drafts
            </Title>
            <DraftsPanel collectionAccountId={collectionAccountId} client={client} />
          </Stack>
        )}
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
