import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallRow } from '@casedesk/contract/calls/call';
import type { OutgoingCallNumber } from '@casedesk/contract/calls/click-to-call';
import { apiError, fakeApi, type Handler } from '@/test/fake-api.ts';
import { renderWithSession } from '../test-utils.tsx';
import { ClickToCallModal } from './click-to-call-modal.tsx';

const CALL = 'POST /api/v1/call/click2Call';
const LA: OutgoingCallNumber = {
  id: '00000000-0000-4000-8000-000000000011',
  outboundCallerId: '2135550310',
  name: 'Los Angeles',
};
const SD: OutgoingCallNumber = {
  id: '00000000-0000-4000-8000-000000000012',
  outboundCallerId: '6195550311',
  name: 'San Diego',
};
const INQUIRY = '00000000-0000-4000-8000-0000000000b1';
const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const CALL_ROW: CallRow = {
  id: '00000000-0000-4000-8000-0000000000d1',
  direction: 'OUTBOUND',
  title: 'Ana Lopez',
  callerId: LA.outboundCallerId,
  callResolution: null,
  opName: 'Olivia Operator',
  talkSeconds: null,
  numberDialed: '2135550172',
  pointTo: null,
  time: '2026-03-10T15:00:00.000Z',
  lawType: null,
  duplicate: false,
  clientId: CLIENT,
  inquiryId: INQUIRY,
  status: 'queued',
  ongoing: false,
};

afterEach(() => vi.unstubAllGlobals());

function backend(outgoing: OutgoingCallNumber[], onCall: Handler<typeof CALL> = CALL_ROW) {
  return fakeApi({
    'GET /api/v1/dropdown/outgoingCallNumbers': outgoing,
    'GET /api/v1/dropdown/smartDial': [
      { phoneNumber: '2135550171', label: 'Primary Number', clientId: CLIENT, clientName: 'Ana Lopez' },
      { phoneNumber: '2135550172', label: 'Mobile Number', clientId: CLIENT, clientName: 'Ana Lopez' },
    ],
    [CALL]: onCall,
  });
}

describe('ClickToCallModal (SPEC §2, §5)', () => {
  it('requires the phone number and the outgoing number, with the spec messages', async () => {
    backend([LA, SD]);
    renderWithSession(<ClickToCallModal opened onClose={() => undefined} />);
    await screen.findByTestId('click-to-call-form');
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByText('* Phone number is required')).toBeTruthy();
    expect(screen.getByText('* Outgoing number is required')).toBeTruthy();
  });

  it('preselects and locks the only outgoing number offered', async () => {
    backend([LA]);
    renderWithSession(<ClickToCallModal opened onClose={() => undefined} phoneNumber="2135550199" />);
    const select = await screen.findByTestId('outgoing-number');
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('Los Angeles · (213) 555-0310'));
    expect((select as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('The only number you may call from')).toBeTruthy();
    expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('(213) 555-0199');
  });

  it("offers the inquiry's numbers, calls with the chosen one and closes with a toast", async () => {
    const api = backend([LA]);
    const onClose = vi.fn();
    renderWithSession(<ClickToCallModal opened onClose={onClose} inquiryId={INQUIRY} />);
    await screen.findByTestId('smart-dial-options');
    const options = screen.getAllByRole('radio');
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['2135550171', '2135550172']);
    expect(screen.getByText('Primary Number: (213) 555-0171')).toBeTruthy();
    // The first number is taken by default; choosing another fills the field.
    await waitFor(() =>
      expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('(213) 555-0171'),
    );
    fireEvent.click(screen.getByText('Mobile Number: (213) 555-0172'));
    await waitFor(() =>
      expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('(213) 555-0172'),
    );
    await waitFor(() => expect((screen.getByTestId('outgoing-number') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(CALL)).toEqual([
      {
        participantNumber: '2135550172',
        outboundCallerId: LA.outboundCallerId,
        clientId: null,
        inquiryId: INQUIRY,
        collectionAccountId: null,
      },
    ]);
  });

  it("shows the server's word when the user has no click to call number", async () => {
    const message =
      'Your click to call number is not set. Set it under Change click to call in the user menu, then call again.';
    backend([LA], apiError(400, message, { fieldErrors: { operatorNumber: message } }));
    renderWithSession(<ClickToCallModal opened onClose={() => undefined} phoneNumber="2135550199" />);
    await waitFor(() => expect((screen.getByTestId('outgoing-number') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect((await screen.findByTestId('click-to-call-error')).textContent).toBe(message);
  });

  it('shows a refusal by a contact rule in full in the modal and sends the collection account', async () => {
    const message =
      'Calls to this client are not allowed before 8:00 AM their time. Next allowed: 03-11-2026 08:00 AM.';
    const api = backend([LA], apiError(422, message));
    const onClose = vi.fn();
    renderWithSession(
      <ClickToCallModal
        opened
        onClose={onClose}
        clientId={CLIENT}
        collectionAccountId={INQUIRY.replace(/b1$/, 'e1')}
        phoneNumber="2135550199"
      />,
    );
    await waitFor(() => expect((screen.getByTestId('outgoing-number') as HTMLInputElement).value).not.toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Call' }));
    expect((await screen.findByTestId('click-to-call-error')).textContent).toBe(message);
    expect(onClose).not.toHaveBeenCalled();
    expect(api.bodies(CALL)[0]).toMatchObject({ clientId: CLIENT, collectionAccountId: INQUIRY.replace(/b1$/, 'e1') });
  });
});
