import { Button } from '@mantine/core';
import { MessageIcon } from '@/components/icons.tsx';
import { openTextDrawer, type TextDrawerTarget } from '../text-drawer-store.ts';
import { useSmsAccess } from './use-sms-access.ts';

export interface SendTextButtonProps extends Omit<TextDrawerTarget, 'smsId'> {
  label?: string;
}

/**
 * "Send Text": opens the Text Message drawer in add mode for its target (SPEC §4), e.g. a collection account's
 * client with the account and its categories. Only for users who may send texts (SPEC §6 SMS CREATE).
 */
export function SendTextButton({ label = 'Send Text', ...target }: SendTextButtonProps) {
  const access = useSmsAccess();
  if (!access.create) return null;
  return (
    <Button
      variant="light"
      leftSection={<MessageIcon size={16} />}
      onClick={() => openTextDrawer(target)}
      data-testid="send-text-button"
    >
      {label}
    </Button>
  );
}
