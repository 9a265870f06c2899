import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { formatPhone } from '@casedesk/contract/common/text';
import { PhoneIcon } from '@/components/icons.tsx';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { ClickToCallModal, type ClickToCallTarget } from './click-to-call-modal.tsx';

interface ClickToCallButtonProps extends ClickToCallTarget {
  /** An icon next to a number, or a labelled button in a toolbar. */
  variant?: 'icon' | 'button';
}

/**
 * Opens the click-to-call modal for a client, an inquiry or one number; shown only to users who may
 * place calls (CALLS CREATE, SPEC §6).
 */
export function ClickToCallButton({ variant = 'icon', ...target }: ClickToCallButtonProps) {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  if (!can(subjectOf(session), 'CALLS', 'CREATE')) return null;
  const label = target.phoneNumber ? `Call ${formatPhone(target.phoneNumber)}` : 'Click to call';
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip label={label} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={label}
            aria-haspopup="dialog"
            data-testid="click-to-call-button"
            onClick={() => setOpened(true)}
          >
            <PhoneIcon size={14} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="light"
          leftSection={<PhoneIcon size={16} />}
          aria-haspopup="dialog"
          data-testid="click-to-call-button"
          onClick={() => setOpened(true)}
        >
          Call
        </Button>
      )}
      {opened && <ClickToCallModal opened onClose={() => setOpened(false)} {...target} />}
    </>
  );
}
