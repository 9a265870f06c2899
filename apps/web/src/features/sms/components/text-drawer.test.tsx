import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import { closeTextDrawer, openTextDrawer, useTextDrawer } from '../text-drawer-store.ts';
import { apiError, type FakeRequest } from '@/test/fake-api.ts';
import { id, OPERATOR_SMS, renderWithSession, smsMessage, stubServer } from '../test-utils.tsx';
import { TextDrawer } from './text-drawer.tsx';

afterEach(() => {
  act(() => closeTextDrawer());
  vi.unstubAllGlobals();
});

function OpenState() {
  return <span data-testid="drawer-state">{useTextDrawer().opened ? 'open' : 'closed'}</span>;
}

async function openDrawer(target: Parameters<typeof openTextDrawer>[0] = {}) {
  renderWithSession(
    <>
      <TextDrawer />
      <OpenState />
    </>,
  );
  act(() => openTextDrawer(target));
  return screen.findByRole('form', { name: 'Text message' });
}

type User = ReturnType<typeof userEvent.setup>;

/** Opens a Mantine Select and clicks an option of its own list (closed lists stay in the DOM, hidden). */
async function pick(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const choose = (user: User, label: RegExp, option: string) =>
  pick(user, screen.getByRole('combobox', { name: label }), option);

const sent = (requests: readonly FakeRequest[]) => requests.filter((r) => r.url.includes('/api/v1/sms/send'));

describe('Text Message drawer, add mode', () => {
  it('shows the SPEC §5 messages for an empty form and sends nothing', async () => {
    const { requests } = stubServer();
    await openDrawer();
    fireEvent.click(screen.getByTestId('text-submit'));
    expect(await screen.findByText('* Message is required field')).toBeTruthy();
    expect(screen.getByText(`* ${SMS_MESSAGES.fromNumberRequired}`)).toBeTruthy();
    expect(screen.getByText(`* ${SMS_MESSAGES.toNumberRequired}`)).toBeTruthy();
    expect(screen.getByText(`* ${SMS_MESSAGES.categoryRequired}`)).toBeTruthy();
    expect(screen.getByText(`* ${SMS_MESSAGES.reasonRequired}`)).toBeTruthy();
    expect(sent(requests)).toHaveLength(0);
  });

  it('counts characters and refuses more than 1600 with the spec message', async () => {
    stubServer();
    await openDrawer();
    const message = screen.getByTestId('text-message');
    fireEvent.change(message, { target: { value: 'x'.repeat(1601) } });
    fireEvent.blur(message);
    expect(await screen.findByText('* Message should be max 1600 characters')).toBeTruthy();
    expect(screen.getByTestId('textarea-counter').textContent).toBe('1601 / 1600');
  });

  it('sends the text, shows the success message for a second, then closes', async () => {
    const user = userEvent.setup();
    const { requests } = stubServer();
    await openDrawer({ phoneNumber: '3105550199' });
    await choose(user, /^Office/, 'San Diego · (619) 555-0100');
    // Collections is outside the operator's SMS CREATE category types (SPEC §5).
    const category = screen.getByRole('combobox', { name: /^Category/ });
    await user.click(category);
    const categories = await within(document.getElementById(category.getAttribute('aria-controls')!)!).findAllByRole(
      'option',
      { hidden: true },
    );
    expect(categories.map((o) => o.textContent)).toEqual(['Call Center', 'Office']);
    await user.click(categories[0]!);
    await choose(user, /^Reason For Text/, 'Other');
    fireEvent.change(screen.getByTestId('text-message'), { target: { value: 'See you at 3 pm' } });
    fireEvent.click(screen.getByTestId('text-submit'));

    expect(await screen.findByText(SMS_MESSAGES.sent)).toBeTruthy();
    const [request] = sent(requests);
    expect(request!.url).toMatch(/offsetHours=/);
    expect(request!.body).toEqual({
      fromNumber: '6195550100',
      toNumber: '3105550199',
      body: 'See you at 3 pm',
      direction: 'OUTBOUND',
      clientId: null,
      inquiryId: null,
      categoryId: id(11),
      reasonId: id(22),
    });
    expect(screen.getByTestId('drawer-state').textContent).toBe('open');
    await waitFor(() => expect(screen.getByTestId('drawer-state').textContent).toBe('closed'), { timeout: 2500 });
  });

  it('client search (debounced) fills Name and Phone, and the history follows the number', async () => {
    const user = userEvent.setup();
    const { requests } = stubServer();
    await openDrawer();
    await user.type(screen.getByTestId('text-client-search'), 'Chen');
    await user.click(await screen.findByRole('option', { name: /Bo Chen/, hidden: true }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Bo Chen');
    expect(screen.getByTestId('text-phone')).toHaveProperty('value', '(424) 555-0123');
    // SPEC §2/§9: one search for the whole word, 300 ms after the last keystroke.
    expect(requests.filter((r) => r.url.includes('/client/search')).map((r) => r.body)).toEqual([
      { pageNumber: 1, pageSize: 100, filter: { searchKeyword: 'Chen' } },
    ]);
    await waitFor(() =>
      expect(requests.some((r) => r.url.endsWith('/sms/byPhoneNumber?phoneNumber=4245550123'))).toBe(true),
    );
  });

  it('fills the message from a template, and refuses payment placeholders without a Payment Plan term', async () => {
    const user = userEvent.setup();
    stubServer();
    await openDrawer();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana Lopez' } });
    await user.click(screen.getByTestId('use-template-switch'));
    await choose(user, /^Template/, 'Greeting');
    expect(screen.getByTestId('text-message')).toHaveProperty('value', 'Hi Ana Lopez!');
    await choose(user, /^Template/, 'Payment due');
    expect(await screen.findByText(`* ${SMS_MESSAGES.termNotPaymentPlan}`)).toBeTruthy();
    expect(screen.getByTestId('text-message')).toHaveProperty('value', '');
  });

  it('offers "Manage templates" in template mode to a user who may edit them', async () => {
    const user = userEvent.setup();
    stubServer();
    const manages = {
      permissionType: 'COLLECTION_MANAGEMENT' as const,
      accessLevelDTO: [{ accessType: 'UPDATE' as const, conditionDTO: [] }],
    };
    renderWithSession(
      <MemoryRouter>
        <TextDrawer />
      </MemoryRouter>,
      [OPERATOR_SMS, manages],
    );
    act(() => openTextDrawer());
    await screen.findByRole('form', { name: 'Text message' });
    expect(screen.queryByRole('link', { name: 'Manage templates' })).toBeNull();
    await user.click(screen.getByTestId('use-template-switch'));
    const link = await screen.findByRole('link', { name: 'Manage templates' });
    expect(link.getAttribute('href')).toBe('/collections/collection-management?collection=templates');
  });

  it('shows an opted-out number and keeps Submit disabled', async () => {
    stubServer({ optedOut: true, history: [smsMessage({ direction: 'INBOUND', body: 'STOP', status: 'received' })] });
    await openDrawer({ phoneNumber: '3105550199' });
    expect((await screen.findByTestId('opt-out-alert')).textContent).toContain(SMS_MESSAGES.optedOut);
    expect(screen.getByTestId('text-submit')).toHaveProperty('disabled', true);
  });

  it('shows server refusals inline: field errors under their fields, others above Submit', async () => {
    const user = userEvent.setup();
    let answer = apiError(400, SMS_MESSAGES.officeUnknown, { fieldErrors: { fromNumber: SMS_MESSAGES.officeUnknown } });
    stubServer({ handlers: { 'POST /api/v1/sms/send': () => answer } });
    await openDrawer({ phoneNumber: '3105550199' });
    await choose(user, /^Office/, 'Los Angeles · (213) 555-0100');
    await choose(user, /^Category/, 'Office');
    await choose(user, /^Reason For Text/, 'Other');
    fireEvent.change(screen.getByTestId('text-message'), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByTestId('text-submit'));
    expect(await screen.findByText(`* ${SMS_MESSAGES.officeUnknown}`)).toBeTruthy();

    answer = apiError(429, SMS_MESSAGES.rateLimited);
    fireEvent.click(screen.getByTestId('text-submit'));
    expect((await screen.findByTestId('send-error')).textContent).toBe(SMS_MESSAGES.rateLimited);
  });
});

describe('Text Message drawer, edit mode and history', () => {
  it('answers an inbound text from the office it reached (SPEC §4: numbers swapped)', async () => {
    const inbound = smsMessage({
      direction: 'INBOUND',
      fromNumber: '3105550199',
      toNumber: '6195550100',
      participantNumber: '3105550199',
      status: 'received',
    });
    stubServer({ message: inbound, history: [inbound] });
    await openDrawer({ smsId: inbound.id });
    expect(screen.getByRole('combobox', { name: /^Office/ })).toHaveProperty('value', 'San Diego · (619) 555-0100');
    expect(screen.getByTestId('text-phone')).toHaveProperty('value', '(310) 555-0199');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Ana Lopez');
    const item = await screen.findByTestId('text-history-item');
    expect(item.dataset.direction).toBe('INBOUND');
    expect(within(item).getByText('Inbound')).toBeTruthy();
  });

  it('retries a failed text and shows delivery status', async () => {
    const failed = smsMessage({ id: id(42), status: 'failed', errorCode: '30003' });
    const { requests } = stubServer({ history: [failed, smsMessage()] });
    await openDrawer({ phoneNumber: '3105550199' });
    const items = await screen.findAllByTestId('text-history-item');
    expect(items.map((i) => i.dataset.status)).toEqual(['failed', 'delivered']);
    expect(within(items[1]!).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requests.some((r) => r.url.endsWith(`/api/v1/sms/retry?id=${id(42)}`))).toBe(true));
  });

  it('a category other than Call Center asks for an assignee, then updates (SPEC §4)', async () => {
    const user = userEvent.setup();
    const { requests } = stubServer({ history: [smsMessage()] });
    await openDrawer({ phoneNumber: '3105550199' });
    const item = await screen.findByTestId('text-history-item');
    await pick(user, within(item).getByRole('combobox', { name: 'Category' }), 'Office');
    const modal = await screen.findByTestId('choose-assignee-modal');
    await pick(user, within(modal).getByRole('combobox', { name: /^Assignee/ }), 'Mia Manager');
    await user.click(within(modal).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        id: id(41),
        category: id(12),
        operatorId: id(71),
        reason: id(21),
      }),
    );
    expect(requests.some((r) => r.url.includes('/api/v1/user/role?role=MANAGER'))).toBe(true);
  });

  it('Call Center and reason changes update at once and reload the history', async () => {
    const user = userEvent.setup();
    const { requests } = stubServer({ history: [smsMessage({ category: null })] });
    await openDrawer({ phoneNumber: '3105550199' });
    const item = await screen.findByTestId('text-history-item');
    await pick(user, within(item).getByRole('combobox', { name: 'Category' }), 'Call Center');
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ id: id(41), category: id(11) }),
    );
    expect(screen.queryByTestId('choose-assignee-modal')).toBeNull();
    await pick(user, within(item).getByRole('combobox', { name: 'Reason' }), 'Other');
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT')[1]?.body).toEqual({ id: id(41), reason: id(22) }),
    );
    const historyFetches = () => requests.filter((r) => r.url.includes('/sms/byPhoneNumber')).length;
    await waitFor(() => expect(historyFetches()).toBeGreaterThanOrEqual(3));
  });
});

describe('Text Message drawer for a collection account', () => {
  it('offers only the collection categories and sends the text with the account', async () => {
    const user = userEvent.setup();
    const { requests } = stubServer();
    const collectorSms = {
      permissionType: 'SMS' as const,
      accessLevelDTO: (['READ', 'CREATE'] as const).map((accessType) => ({ accessType, conditionDTO: [] })),
    };
    const accountId = id(61);
    renderWithSession(<TextDrawer />, [collectorSms]);
    act(() =>
      openTextDrawer({
        phoneNumber: '3105550199',
        collectionAccountId: accountId,
        categoryGroupTypes: ['COLLECTIONS'],
      }),
    );
    await screen.findByRole('form', { name: 'Text message' });
    await choose(user, /^Office/, 'San Diego · (619) 555-0100');
    const category = screen.getByRole('combobox', { name: /^Category/ });
    await user.click(category);
    const categories = await within(document.getElementById(category.getAttribute('aria-controls')!)!).findAllByRole(
      'option',
      { hidden: true },
    );
    expect(categories.map((o) => o.textContent)).toEqual(['Collections']);
    await user.click(categories[0]!);
    await choose(user, /^Reason For Text/, 'Other');
    fireEvent.change(screen.getByTestId('text-message'), { target: { value: 'Your payment is due Friday' } });
    fireEvent.click(screen.getByTestId('text-submit'));
    expect(await screen.findByText(SMS_MESSAGES.sent)).toBeTruthy();
    expect(sent(requests)[0]!.body).toMatchObject({
      toNumber: '3105550199',
      collectionAccountId: accountId,
      categoryId: id(13),
    });
  });
});
