import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLLECTION_ACCOUNT_MESSAGES, type TimelineItem } from '@casedesk/contract/collections/account';
import { PAYMENT_PLAN_MESSAGES } from '@casedesk/contract/collections/payment-plan';
import { apiError } from '@/test/fake-api.ts';
import { officeToday } from '@casedesk/contract/common/dates';
import { addDays } from '../components/collection-dates.ts';
import type { AccountContactTarget, AccountLettersTarget } from '../components/collection-slots.ts';
import {
  ACCOUNTS_READER,
  ACCOUNT_ID,
  CLIENT_ID,
  OTHER_COLLECTOR_ID,
  PLAN_ID,
  TERM_FULL_ID,
  accountDetail,
  paymentPlan,
  renderPage,
  stubServer,
  today,
} from '../test-utils.tsx';
import { AccountDetailPage } from './account-detail-page.tsx';

type User = ReturnType<typeof userEvent.setup>;

afterEach(() => vi.unstubAllGlobals());

const PATH = `/collections/account-detail/${ACCOUNT_ID}`;

async function choose(user: User, scope: HTMLElement, label: RegExp, option: string) {
  const combobox = within(scope).getByRole('combobox', { name: label });
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const setDate = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

function contactSlot(name: string) {
  return function Slot(target: AccountContactTarget) {
    return (
      <button type="button" data-testid={name} data-target={JSON.stringify(target)}>
        {name}
      </button>
    );
  };
}

function lettersSlot(target: AccountLettersTarget) {
  return <div data-testid="letters" data-target={JSON.stringify(target)} />;
}

describe('account detail: header and edit', () => {
  it('shows the header and gives the Call and Send Text slots the client, the account and the number', async () => {
    stubServer({
      'GET /api/v1/collectionAccount': ({ query }) =>
        query.id === ACCOUNT_ID
          ? accountDetail({ status: 'ESCALATION', followUpDate: addDays(today(), -2) })
          : apiError(404, COLLECTION_ACCOUNT_MESSAGES.notFound),
    });
    renderPage(<AccountDetailPage />, {
      path: PATH,
      slots: { CallButton: contactSlot('call'), SendTextButton: contactSlot('text'), LettersPanel: lettersSlot },
    });
    expect((await screen.findByTestId('account-title')).textContent).toBe('Ana Lopez');
    const fields = screen.getByTestId('account-fields');
    for (const text of [
      'Lopez v. Acme',
      'Los Angeles',
      '$3,749.50',
      'Escalation',
      'ESC',
      'Payment Plan',
      'Cora Collector',
      '100001',
    ]) {
      expect(within(fields).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Follow-up passed')).toBeTruthy();
    const target = { clientId: CLIENT_ID, collectionAccountId: ACCOUNT_ID, phoneNumber: '2135550171' };
    expect(JSON.parse(screen.getByTestId('call').dataset.target!)).toEqual(target);
    expect(JSON.parse(screen.getByTestId('text').dataset.target!)).toEqual(target);
    const detail = accountDetail();
    expect(JSON.parse(screen.getByTestId('letters').dataset.target!)).toEqual({
      collectionAccountId: ACCOUNT_ID,
      client: { id: CLIENT_ID, name: 'Ana Lopez', email: detail.clientEmail, officeId: detail.officeId },
    });
  });

  it('says an account outside the offices or missing is not found', async () => {
    stubServer({ 'GET /api/v1/collectionAccount': apiError(404, COLLECTION_ACCOUNT_MESSAGES.notFound) });
    renderPage(<AccountDetailPage />, { path: PATH });
    expect(await screen.findByText('Account not found')).toBeTruthy();
  });

  it('says a mistyped account id in the URL (the server’s 400) is not found, not a connection failure', async () => {
    stubServer({ 'GET /api/v1/collectionAccount': apiError(400, 'Invalid UUID') });
    renderPage(<AccountDetailPage />, { path: PATH });
    expect(await screen.findByText('Account not found')).toBeTruthy();
    expect(screen.queryByText('The account could not be loaded')).toBeNull();
  });

  it('a reader gets no Edit, Add note, Adjustment nor plan actions', async () => {
    stubServer({ 'POST /api/v1/paymentPlan/list': [paymentPlan()] });
    renderPage(<AccountDetailPage />, { path: PATH, permissions: ACCOUNTS_READER });
    await screen.findByTestId('account-title');
    await screen.findByRole('table', { name: 'Instalments' });
    for (const name of ['Edit', 'Add note', 'Adjustment', 'Pause', 'Change amount', 'Create plan']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('Edit needs a reason for a status change (the contract’s message), then sends only what changed', async () => {
    const api = stubServer({ 'PATCH /api/v1/collectionAccount': accountDetail() });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit account' });

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(COLLECTION_ACCOUNT_MESSAGES.nothingToChange)).toBeTruthy();

    await choose(user, form, /^Status/, 'Review');
    await choose(user, form, /^Term/, 'Pay in Full');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(`* ${COLLECTION_ACCOUNT_MESSAGES.statusReason}`)).toBeTruthy();
    expect(api.calls('PATCH /api/v1/collectionAccount')).toHaveLength(0);

    const detailsBefore = api.calls('GET /api/v1/collectionAccount').length;
    await user.type(within(form).getByRole('textbox', { name: /^Reason for the status change/ }), 'Disputes the fee');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit account' })).toBeNull());
    expect(api.bodies('PATCH /api/v1/collectionAccount')).toEqual([
      { id: ACCOUNT_ID, status: 'REVIEW', termId: TERM_FULL_ID, note: 'Disputes the fee' },
    ]);
    await waitFor(() => expect(api.calls('GET /api/v1/collectionAccount').length).toBeGreaterThan(detailsBefore));
  });

  it('Edit without a status change needs no reason; the collector and follow-up date can be cleared', async () => {
    const api = stubServer({ 'PATCH /api/v1/collectionAccount': accountDetail() });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit account' });
    await choose(user, form, /^Collector/, 'Carl Collector');
    setDate(form, /^Follow-up Date/, '');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodies('PATCH /api/v1/collectionAccount')).toHaveLength(1));
    expect(api.bodies('PATCH /api/v1/collectionAccount')[0]).toEqual({
      id: ACCOUNT_ID,
      collectorId: OTHER_COLLECTOR_ID,
      followUpDate: null,
    });
  });

  it('shows the server’s refusal of an edit in the form', async () => {
    stubServer({ 'PATCH /api/v1/collectionAccount': apiError(422, COLLECTION_ACCOUNT_MESSAGES.paidNeedsZero) });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit account' });
    await choose(user, form, /^Status/, 'Paid');
    await user.type(within(form).getByRole('textbox', { name: /^Reason for the status change/ }), 'Paid at the desk');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByTestId('edit-refusal')).textContent).toBe(
      COLLECTION_ACCOUNT_MESSAGES.paidNeedsZero,
    );
  });

  it('adds a note and an adjustment with the contract’s messages', async () => {
    const api = stubServer({
      'POST /api/v1/collectionAccount/note': {
        id: 'note-1',
        kind: 'NOTE',
        at: '2026-11-20T10:00:00.000Z',
        title: 'Note',
        detail: 'Promised to call back Friday',
        by: 'Cora Collector',
        amountCents: null,
      },
      'POST /api/v1/collectionAccount/adjustment': accountDetail(),
    });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const note = await screen.findByRole('form', { name: 'Add note' });
    await user.click(within(note).getByRole('button', { name: 'Add note' }));
    expect(await within(note).findByText(`* ${COLLECTION_ACCOUNT_MESSAGES.noteRequired}`)).toBeTruthy();
    await user.type(within(note).getByRole('textbox', { name: /^Note/ }), 'Promised to call back Friday');
    await user.click(within(note).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add note' })).toBeNull());
    expect(api.bodies('POST /api/v1/collectionAccount/note')).toEqual([
      { accountId: ACCOUNT_ID, note: 'Promised to call back Friday' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Adjustment' }));
    const adjustment = await screen.findByRole('form', { name: 'Adjustment' });
    await user.type(within(adjustment).getByRole('textbox', { name: /^Amount/ }), '0');
    await user.click(within(adjustment).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(adjustment).findByText(`* ${COLLECTION_ACCOUNT_MESSAGES.adjustment}`)).toBeTruthy();
    expect(within(adjustment).getByText(`* ${COLLECTION_ACCOUNT_MESSAGES.adjustmentReason}`)).toBeTruthy();
    await user.clear(within(adjustment).getByRole('textbox', { name: /^Amount/ }));
    await user.type(within(adjustment).getByRole('textbox', { name: /^Amount/ }), '-250.5');
    await user.type(within(adjustment).getByRole('textbox', { name: /^Reason/ }), 'Goodwill write-off');
    await user.click(within(adjustment).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/collectionAccount/adjustment')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/collectionAccount/adjustment')[0]).toEqual({
      accountId: ACCOUNT_ID,
      amountCents: -25050,
      reason: 'Goodwill write-off',
    });
  });
});

describe('account detail: activity and status history', () => {
  const item = (n: number, kind: TimelineItem['kind'], at: string): TimelineItem => ({
    id: `event-${n}`,
    kind,
    at,
    title: `Item ${n}`,
    detail: null,
    by: 'Cora Collector',
    amountCents: kind === 'PAYMENT' ? 12500 : null,
  });

  it('shows the activity newest first with an icon per kind, and Load more asks before the oldest shown', async () => {
    const api = stubServer({
      'POST /api/v1/collectionAccount/timeline': ({ body }) =>
        (body as { before?: string }).before
          ? { items: [item(3, 'NOTE', '2026-11-01T10:00:00.000Z')], hasMore: false }
          : {
              items: [
                item(1, 'PAYMENT', '2026-11-20T10:00:00.000Z'),
                item(2, 'CONTACT_REFUSED', '2026-11-10T10:00:00.000Z'),
              ],
              hasMore: true,
            },
    });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    const timeline = await screen.findByTestId('account-timeline');
    const kinds = () =>
      within(timeline)
        .getAllByTestId('timeline-item')
        .map((el) => el.dataset.kind);
    expect(kinds()).toEqual(['PAYMENT', 'CONTACT_REFUSED']);
    expect(within(timeline).getByText('$125.00')).toBeTruthy();
    expect(within(timeline).getByTitle('Contact refused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(kinds()).toEqual(['PAYMENT', 'CONTACT_REFUSED', 'NOTE']));
    expect(api.bodies('POST /api/v1/collectionAccount/timeline')).toEqual([
      { accountId: ACCOUNT_ID, limit: 50 },
      { accountId: ACCOUNT_ID, limit: 50, before: '2026-11-10T10:00:00.000Z' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('lists the status changes newest first with their reasons', async () => {
    stubServer({
      'GET /api/v1/collectionAccount': accountDetail({
        status: 'REVIEW',
        statusHistory: [
          { fromStatus: null, toStatus: 'ACTIVE', note: null, by: 'Avery Admin', at: '2026-01-05T17:00:00.000Z' },
          {
            fromStatus: 'ACTIVE',
            toStatus: 'REVIEW',
            note: 'Disputes the fee',
            by: 'Cora Collector',
            at: '2026-03-01T17:00:00.000Z',
          },
        ],
      }),
    });
    renderPage(<AccountDetailPage />, { path: PATH });
    const list = await screen.findByRole('list', { name: 'Status history' });
    const changes = within(list).getAllByRole('listitem');
    expect(changes[0]!.textContent).toContain('Disputes the fee');
    expect(changes[0]!.textContent).toContain('Active →');
    expect(within(changes[0]!).getByText('REV')).toBeTruthy();
    expect(changes[1]!.textContent).toContain('Avery Admin');
  });
});

describe('account detail: payment plan', () => {
  it('shows the schedule before saving, checks the terms with the contract’s messages and creates the plan', async () => {
    const api = stubServer({ 'POST /api/v1/paymentPlan/create': paymentPlan() });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Create plan' }));
    const form = await screen.findByRole('form', { name: 'New payment plan' });
    expect(within(form).getByTestId('plan-preview-empty')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.amount}`)).toBeTruthy();

    // More than the balance of $3,749.50.
    await user.type(within(form).getByRole('textbox', { name: /^Instalment Amount/ }), '5000');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.tooLarge}`)).toBeTruthy();

    await user.clear(within(form).getByRole('textbox', { name: /^Instalment Amount/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Instalment Amount/ }), '1,000');
    setDate(form, /^First Due Date/, addDays(today(), -1));
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.firstDuePast}`)).toBeTruthy();

    const firstDue = addDays(today(), 5);
    setDate(form, /^First Due Date/, firstDue);
    const preview = await within(form).findByTestId('plan-preview');
    const rows = within(within(preview).getByRole('table', { name: 'Schedule preview' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.lastElementChild!.textContent)).toEqual(['1,000.00', '1,000.00', '1,000.00', '749.50']);
    expect(preview.textContent).toContain('4 instalments, $3,749.50 in all');

    // A fixed number of instalments: required, and what it leaves on the account is said.
    await user.click(within(form).getByText('Instalments'));
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.instalments}`)).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: /^Number of Instalments/ }), '2');
    expect(await within(form).findByText('$1,749.50 stays on the account after the last instalment.')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New payment plan' })).toBeNull());
    expect(api.bodies('POST /api/v1/paymentPlan/create')).toEqual([
      { accountId: ACCOUNT_ID, amountCents: 100000, frequency: 'MONTHLY', firstDueDate: firstDue, instalmentCount: 2 },
    ]);
  });

  it('says when until-paid would take too many instalments', async () => {
    stubServer();
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Create plan' }));
    const form = await screen.findByRole('form', { name: 'New payment plan' });
    await user.type(within(form).getByRole('textbox', { name: /^Instalment Amount/ }), '1');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.tooManyInstalments}`)).toBeTruthy();
  });

  it('shows the server’s refusal of a plan in the form', async () => {
    stubServer({ 'POST /api/v1/paymentPlan/create': apiError(409, PAYMENT_PLAN_MESSAGES.alreadyPlanned) });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Create plan' }));
    const form = await screen.findByRole('form', { name: 'New payment plan' });
    await user.type(within(form).getByRole('textbox', { name: /^Instalment Amount/ }), '500');
    await user.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect((await within(form).findByTestId('plan-refusal')).textContent).toBe(PAYMENT_PLAN_MESSAGES.alreadyPlanned);
  });

  it('shows the instalments with their status and the versions', async () => {
    stubServer({ 'POST /api/v1/paymentPlan/list': [paymentPlan()] });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Instalments' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].slice(2, 5).map((c) => c.textContent));
    // Amount, what has been paid of it, status.
    expect(rows).toEqual([
      ['500.00', '500.00', 'Paid'],
      ['500.00', '120.00', 'Missed'],
      ['500.00', '0.00', 'Due'],
    ]);
    expect(screen.getByTestId('plan-terms').textContent).toBe('$500.00 monthly from 10-01-2026, until paid');
    expect(screen.queryByRole('button', { name: 'Create plan' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Versions (1)' }));
    expect(await screen.findByRole('table', { name: 'Plan versions' })).toBeTruthy();
  });

  it('pauses from today back to 7 days, not earlier, with a reason and an optional resume day', async () => {
    const api = stubServer({
      'POST /api/v1/paymentPlan/list': [paymentPlan()],
      'POST /api/v1/paymentPlan/pause': paymentPlan(),
    });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const form = await screen.findByRole('form', { name: 'Pause payment plan' });
    const pausedFrom = within(form).getByLabelText(/^Pause From/) as HTMLInputElement;
    expect(pausedFrom.value).toBe(today());
    expect(pausedFrom.min).toBe(addDays(today(), -7));
    expect(pausedFrom.max).toBe(today());

    setDate(form, /^Pause From/, addDays(today(), -8));
    await user.click(within(form).getByRole('button', { name: 'Pause plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.pauseFrom}`)).toBeTruthy();
    expect(within(form).getByText(`* ${PAYMENT_PLAN_MESSAGES.reason}`)).toBeTruthy();

    setDate(form, /^Pause From/, addDays(today(), 1));
    await user.click(within(form).getByRole('button', { name: 'Pause plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.pauseFrom}`)).toBeTruthy();

    setDate(form, /^Pause From/, addDays(today(), -7));
    setDate(form, /^Resume On/, addDays(today(), -7));
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Lost job');
    await user.click(within(form).getByRole('button', { name: 'Pause plan' }));
    expect(await within(form).findByText(`* ${PAYMENT_PLAN_MESSAGES.resumeOn}`)).toBeTruthy();
    expect(within(form).queryByText(`* ${PAYMENT_PLAN_MESSAGES.pauseFrom}`)).toBeNull();
    expect(api.calls('POST /api/v1/paymentPlan/pause')).toHaveLength(0);

    setDate(form, /^Resume On/, addDays(today(), 30));
    await user.click(within(form).getByRole('button', { name: 'Pause plan' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Pause payment plan' })).toBeNull());
    expect(api.bodies('POST /api/v1/paymentPlan/pause')).toEqual([
      {
        planId: PLAN_ID,
        resume: false,
        reason: 'Lost job',
        pausedFrom: addDays(today(), -7),
        resumeOn: addDays(today(), 30),
      },
    ]);
  });

  it('judges the pause on the office’s day, not the browser’s', async () => {
    // Kiritimati is UTC+14: its day is ahead of every browser's most of the time.
    const officeTimeZone = 'Pacific/Kiritimati';
    stubServer({
      'GET /api/v1/collectionAccount': accountDetail({ officeTimeZone }),
      'POST /api/v1/paymentPlan/list': [paymentPlan()],
    });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    const form = await screen.findByRole('form', { name: 'Pause payment plan' });
    const pausedFrom = within(form).getByLabelText(/^Pause From/) as HTMLInputElement;
    const officeDayNow = officeToday(officeTimeZone);
    expect(pausedFrom.value).toBe(officeDayNow);
    expect(pausedFrom.min).toBe(addDays(officeDayNow, -7));
    expect(pausedFrom.max).toBe(officeDayNow);
  });

  it('resumes a paused plan and shows why it was paused', async () => {
    const paused = paymentPlan({
      status: 'PAUSED',
      pauses: [
        {
          pausedFrom: '2026-11-01',
          resumeOn: null,
          resumedAt: null,
          reason: 'Lost job',
          by: 'Cora Collector',
          at: '2026-11-02T10:00:00.000Z',
        },
      ],
    });
    const api = stubServer({
      'POST /api/v1/paymentPlan/list': [paused],
      'POST /api/v1/paymentPlan/pause': paymentPlan(),
    });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    expect(await screen.findByText('Paused from 11-01-2026 until resumed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(api.bodies('POST /api/v1/paymentPlan/pause')).toEqual([{ planId: PLAN_ID, resume: true }]),
    );
  });

  it('changes the amount as a new version from the next unpaid instalment', async () => {
    const api = stubServer({
      'POST /api/v1/paymentPlan/list': [paymentPlan()],
      'POST /api/v1/paymentPlan/change': paymentPlan(),
    });
    const user = userEvent.setup();
    renderPage(<AccountDetailPage />, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Change amount' }));
    const form = await screen.findByRole('form', { name: 'Change payment plan' });
    const amount = within(form).getByRole('textbox', { name: /^Instalment Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('500.00');
    expect((within(form).getByLabelText(/^First Due Date/) as HTMLInputElement).value).toBe(addDays(today(), 10));
    await user.clear(amount);
    await user.type(amount, '750');
    expect((await within(form).findByTestId('plan-preview')).textContent).toContain('5 instalments');
    await user.click(within(form).getByRole('button', { name: 'Save new version' }));
    await waitFor(() => expect(api.bodies('POST /api/v1/paymentPlan/change')).toHaveLength(1));
    expect(api.bodies('POST /api/v1/paymentPlan/change')[0]).toEqual({
      planId: PLAN_ID,
      amountCents: 75000,
      frequency: 'MONTHLY',
      firstDueDate: addDays(today(), 10),
      instalmentCount: null,
    });
  });
});
