import { Button, Modal, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Letter } from '@casedesk/contract/mail/letter';
import { useOpenLetter } from '../api/open-letter.ts';
import { LetterBatchForm } from './letter-batch-form.tsx';
import { LetterForm, type LetterRecipient } from './letter-form.tsx';
import { SendMailForm, type SendMailDefaults } from './send-mail-form.tsx';

interface SendMailButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  defaults?: SendMailDefaults;
  /** The e-mail just queued, e.g. to open it. */
  onSent?: (mailId: string) => void;
}

export function SendMailButton({ defaults, onSent, ...button }: SendMailButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open} {...button}>
        Send e-mail
      </Button>
      <Modal opened={opened} onClose={close} title="Send e-mail" size="lg">
        {opened && (
          <SendMailForm
            defaults={defaults}
            onCancel={close}
            onDone={(id) => {
              close();
              onSent?.(id);
            }}
          />
        )}
      </Modal>
    </>
  );
}

interface WriteLetterButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  client?: LetterRecipient;
  collectionAccountId?: string;
}

/** Write letter: saved on the client, then opened in a new tab to print. */
export function WriteLetterButton({ client, collectionAccountId, ...button }: WriteLetterButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const openLetter = useOpenLetter();
  const saved = (letter: Letter) => {
    close();
    openLetter.mutate({ id: letter.id, print: true });
  };
  return (
    <>
      <Button onClick={open} {...button}>
        Write letter
      </Button>
      <Modal opened={opened} onClose={close} title="Write letter" size="lg">
        {opened && (
          <LetterForm
            client={client}
            {...(collectionAccountId ? { collectionAccountId } : {})}
            onCancel={close}
            onDone={saved}
          />
        )}
      </Modal>
    </>
  );
}

export function LetterBatchButton(button: Pick<ButtonProps, 'size' | 'variant'>) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open} {...button}>
        Batch letters
      </Button>
      <Modal opened={opened} onClose={close} title="Batch letters" size="lg">
        {opened && <LetterBatchForm onClose={close} />}
      </Modal>
    </>
  );
}
