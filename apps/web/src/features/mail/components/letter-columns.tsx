import { Button, Group } from '@mantine/core';
import type { Letter } from '@casedesk/contract/mail/letter';
import type { DataTableColumn } from '@/components/data-table/data-table-types.ts';
import { useOpenLetter } from '../api/open-letter.ts';

function LetterActions({ letter }: { letter: Letter }) {
  const open = useOpenLetter();
  return (
    <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Button size="compact-xs" variant="light" onClick={() => open.mutate({ id: letter.id, print: true })}>
        Print
      </Button>
      <Button size="compact-xs" variant="subtle" onClick={() => open.mutate({ id: letter.id, print: false })}>
        Download
      </Button>
    </Group>
  );
}

export const LETTER_COLUMNS: readonly DataTableColumn<Letter>[] = [
  { id: 'createdAt', header: 'Saved', kind: 'dateTime', width: 170 },
  { id: 'subject', header: 'Subject', width: 260 },
  { id: 'clientName', header: 'Client', width: 170 },
  { id: 'officeName', header: 'Letterhead', width: 140 },
  { id: 'pages', header: 'Pages', kind: 'number', width: 80 },
  { id: 'createdByName', header: 'Written by', width: 150 },
  { id: 'actions', header: 'PDF', width: 160, cell: (letter) => <LetterActions letter={letter} /> },
];

export const CLIENT_LETTER_COLUMNS = LETTER_COLUMNS.filter((c) => c.id !== 'clientName');
