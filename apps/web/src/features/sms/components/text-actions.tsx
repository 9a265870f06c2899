import { Button, Group } from '@mantine/core';
import { MessageIcon } from '@/components/icons.tsx';
import { openTextDrawer } from '../text-drawer-store.ts';
import { ChatOptionsMenu } from './chat-options-menu.tsx';
import { useSmsAccess } from './use-sms-access.ts';

export interface TextActionsProps {
  clientId: string | null;
  inquiryId?: string | null;
}

/**
 * The SMS actions of a client or lead screen: open the Text Message drawer prefilled for them (SPEC §4
 * add mode) and the chat options (SPEC §2). Only for users who may send texts (SPEC §6 SMS CREATE).
 */
export function TextActions({ clientId, inquiryId }: TextActionsProps) {
  const access = useSmsAccess();
  if (!access.create) return null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Button
        variant="light"
        leftSection={<MessageIcon size={16} />}
        onClick={() => openTextDrawer({ ...(clientId ? { clientId } : {}), ...(inquiryId ? { inquiryId } : {}) })}
        data-testid="send-text-button"
      >
        Text
      </Button>
      {clientId && <ChatOptionsMenu clientId={clientId} inquiryId={inquiryId} />}
    </Group>
  );
}
