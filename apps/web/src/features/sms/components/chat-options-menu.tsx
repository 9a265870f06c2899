import { Button, Menu, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ClientDetail } from '@casedesk/contract/clients/client';
import { formatPhone } from '@casedesk/contract/common/text';
import { CHAT_OPTION_MESSAGES, CHAT_OPTIONS, type ChatOption } from '@casedesk/contract/sms/chat-option';
import { SMS_MESSAGES, type SmsOfficeOption } from '@casedesk/contract/sms/sms';
import { ChevronDownIcon } from '@/components/icons.tsx';
import { useClient } from '@/api/clients/client.ts';
import { useSmsHistory } from '../api/get-sms-history.ts';
import { useSmsOffices } from '@/api/dropdowns/sms-offices.ts';
import { useSendChatOption } from '../api/send-chat-option.ts';
import { textablePhone } from './text-form-values.ts';
import { useSmsAccess } from './use-sms-access.ts';

type Option = (typeof CHAT_OPTIONS)[number];

/** The office a chat text goes from: the client's own if the user may text from it, else the user's first (as the server chooses). */
function officeFor(client: ClientDetail | undefined, offices: readonly SmsOfficeOption[]): SmsOfficeOption | undefined {
  return offices.find((o) => o.id === client?.officeId) ?? offices[0];
}

interface Blockers {
  client: ClientDetail | undefined;
  office: SmsOfficeOption | undefined;
  optedOut: boolean;
}

/** Why an option cannot be sent, mirroring the server's refusals (sms/chat-options.service), or null. */
export function chatOptionBlocker(option: Option, { client, office, optedOut }: Blockers): string | null {
  if (!client) return null;
  if (option.channel === 'MAIL') return client.email ? null : CHAT_OPTION_MESSAGES.noEmail;
  // SPEC §3/§5: with auto-text off, welcome texts cannot be sent.
  if (option.purpose === 'WELCOME_TEXT' && !client.autoText) return CHAT_OPTION_MESSAGES.autoTextDisabled;
  if (!textablePhone(client)) return CHAT_OPTION_MESSAGES.noPhone;
  if (!office) return CHAT_OPTION_MESSAGES.noOffice;
  if (optedOut) return SMS_MESSAGES.optedOut;
  return null;
}

interface ChatOptionsMenuProps {
  clientId: string;
  inquiryId?: string | null;
}

/** SPEC §2 chat options: Send Review, Send Review via text, Send welcome text, Send meeting instructions. */
export function ChatOptionsMenu({ clientId, inquiryId }: ChatOptionsMenuProps) {
  const access = useSmsAccess();
  // What the rules need is fetched when the menu first opens, not with every screen that shows it.
  const [wanted, setWanted] = useState(false);
  const client = useClient(wanted ? clientId : null);
  const offices = useSmsOffices({ enabled: wanted && access.create });
  const phone = client.data ? textablePhone(client.data) : '';
  const history = useSmsHistory(wanted ? phone : '', 1);
  const send = useSendChatOption();
  if (!access.create) return null;

  const office = officeFor(client.data, offices.data ?? []);
  const blockers: Blockers = { client: client.data, office, optedOut: history.data?.optedOut === true };
  const loading = client.isPending || offices.isPending;

  const choose = (option: ChatOption) =>
    send.mutate(
      { option, clientId, inquiryId: inquiryId ?? null, fromNumber: office?.smsNumber ?? null },
      {
        onSuccess: (result) =>
          notifications.show({
            color: 'teal',
            message: result.channel === 'MAIL' ? CHAT_OPTION_MESSAGES.mailSent : SMS_MESSAGES.sent,
          }),
      },
    );

  return (
    <Menu position="bottom-end" withinPortal onOpen={() => setWanted(true)} width={260}>
      <Menu.Target>
        <Button
          variant="default"
          rightSection={<ChevronDownIcon size={14} />}
          loading={send.isPending}
          data-testid="chat-options"
        >
          Chat options
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="chat-options-menu">
        {office && (
          <Menu.Label>
            From {office.label} · {formatPhone(office.smsNumber)}
          </Menu.Label>
        )}
        {CHAT_OPTIONS.map((option) => {
          const blocker = loading ? null : chatOptionBlocker(option, blockers);
          const item = (
            <Menu.Item
              key={option.value}
              disabled={loading || blocker !== null}
              onClick={() => choose(option.value)}
              data-testid={`chat-option-${option.value}`}
            >
              {option.label}
            </Menu.Item>
          );
          if (!blocker) return item;
          // A disabled item takes no pointer events; its wrapper carries the tooltip saying why.
          return (
            <Tooltip key={option.value} label={blocker} multiline w={240} withArrow position="left">
              <div>{item}</div>
            </Tooltip>
          );
        })}
        {client.isError && (
          <Text size="xs" c="red" px="sm" py={4}>
            The client could not be loaded.
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
