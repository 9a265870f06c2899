import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientDetail } from '@casedesk/contract/clients/client';
import { CHAT_OPTION_MESSAGES, CHAT_OPTIONS } from '@casedesk/contract/sms/chat-option';
import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import { clientDetail } from '@/test/fixtures.ts';
import { id, OFFICES, renderWithSession, smsMessage, stubServer } from '../test-utils.tsx';
import { ChatOptionsMenu, chatOptionBlocker } from './chat-options-menu.tsx';

afterEach(() => vi.unstubAllGlobals());

function client(overrides: Partial<ClientDetail> = {}): ClientDetail {
  return clientDetail({
    id: id(1),
    officeId: id(32),
    mobileNumber: '3105550199',
    email: 'ana@example.com',
    ...overrides,
  });
}

const option = (value: string) => CHAT_OPTIONS.find((o) => o.value === value)!;

describe('chatOptionBlocker (the server’s refusals, before the click)', () => {
  const ready = { client: client(), office: OFFICES[0], optedOut: false };
  it('lets every option through for a reachable client', () => {
    expect(CHAT_OPTIONS.map((o) => chatOptionBlocker(o, ready))).toEqual([null, null, null, null]);
  });

  it('names why an option cannot be sent', () => {
    expect(chatOptionBlocker(option('SEND_REVIEW'), { ...ready, client: client({ email: null }) })).toBe(
      CHAT_OPTION_MESSAGES.noEmail,
    );
    expect(chatOptionBlocker(option('SEND_WELCOME_TEXT'), { ...ready, client: client({ autoText: false }) })).toBe(
      CHAT_OPTION_MESSAGES.autoTextDisabled,
    );
    expect(chatOptionBlocker(option('SEND_REVIEW_TEXT'), { ...ready, client: client({ mobileNumber: null }) })).toBe(
      CHAT_OPTION_MESSAGES.noPhone,
    );
    expect(chatOptionBlocker(option('SEND_MEETING_INSTRUCTIONS'), { ...ready, office: undefined })).toBe(
      CHAT_OPTION_MESSAGES.noOffice,
    );
    expect(chatOptionBlocker(option('SEND_REVIEW_TEXT'), { ...ready, optedOut: true })).toBe(SMS_MESSAGES.optedOut);
    // Mail does not go to the phone: opt-out does not stop it.
    expect(chatOptionBlocker(option('SEND_REVIEW'), { ...ready, optedOut: true })).toBeNull();
  });
});

describe('ChatOptionsMenu', () => {
  it('disables what the client cannot receive and sends the rest from the client’s office', async () => {
    const { requests } = stubServer({
      client: client({ autoText: false, email: null }),
      handlers: {
        'POST /api/v1/sms/chatOption': {
          option: 'SEND_REVIEW_TEXT',
          channel: 'TEXT',
          message: smsMessage(),
          mailId: null,
        },
      },
    });
    renderWithSession(<ChatOptionsMenu clientId={id(1)} inquiryId={id(5)} />);
    fireEvent.click(screen.getByTestId('chat-options'));
    const welcome = await screen.findByTestId('chat-option-SEND_WELCOME_TEXT');
    await waitFor(() => expect(welcome).toHaveProperty('disabled', true));
    expect(screen.getByTestId('chat-option-SEND_REVIEW')).toHaveProperty('disabled', true);
    const viaText = screen.getByTestId('chat-option-SEND_REVIEW_TEXT');
    expect(viaText).toHaveProperty('disabled', false);
    expect(screen.getByText('From San Diego · (619) 555-0100')).toBeTruthy();
    fireEvent.click(viaText);
    await waitFor(() =>
      expect(requests.find((r) => r.url.includes('/sms/chatOption'))?.body).toEqual({
        option: 'SEND_REVIEW_TEXT',
        clientId: id(1),
        inquiryId: id(5),
        fromNumber: '6195550100',
      }),
    );
  });

  it('is not offered without SMS CREATE (SPEC §6)', () => {
    stubServer();
    renderWithSession(<ChatOptionsMenu clientId={id(1)} />, [
      { permissionType: 'SMS', accessLevelDTO: [{ accessType: 'READ', conditionDTO: [] }] },
    ]);
    expect(screen.queryByTestId('chat-options')).toBeNull();
  });
});
