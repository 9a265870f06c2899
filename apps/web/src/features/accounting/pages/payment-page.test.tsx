import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@casedesk/contract/accounting/payment';
import { captureDownloads } from '@/test/downloads.ts';
import { apiError, file } from '@/test/fake-api.ts';
import { CASH_FLOW_READER, PAYMENT, PAYMENT_ID, id, renderPage, stubServer } from '../test-utils.tsx';
import { PaymentPage } from './payment-page.tsx';

const REVERSAL = { ...PAYMENT, id: id(52), feesCents: -125050, costCents: -2500, reversesId: PAYMENT_ID };

afterEach(() => vi.restoreAllMocks());

describe('payment page', () => {
  it('shows every field with amounts as money', async () => {
    stubServer();
    renderPage(<PaymentPage />, undefined, `/payment/${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Payment 1001' })).toBeTruthy();
    for (const text of ['Los Angeles', 'Ana Lopez', 'LMS-100', 'Check', '$1,250.50', '$25.00', '$1,275.50']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Paid at the front desk')).toBeTruthy();
  });

  it('downloads the receipt as a PDF at the browser’s offset', async () => {
    const saved = captureDownloads();
    const api = stubServer({
      'GET /api/v1/payment/:paymentId/receipt': file('%PDF-1.7', 'application/pdf', 'receipt-1001.pdf'),
    });
    const user = userEvent.setup();
    renderPage(<PaymentPage />, CASH_FLOW_READER, `/payment/${PAYMENT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Receipt (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['receipt-1001.pdf']));
    const asked = api.calls('GET /api/v1/payment/:paymentId/receipt')[0]!;
    expect(asked.params.paymentId).toBe(PAYMENT_ID);
    expect(asked.url).toMatch(/offsetHours=/);
  });

  it('reverses with a required reason and shows the server’s message', async () => {
    const api = stubServer({ 'POST /api/v1/cashFlow/deletePayment': apiError(409, PAYMENT_MESSAGES.dayReconciled) });
    const user = userEvent.setup();
    renderPage(<PaymentPage />, undefined, `/payment/${PAYMENT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Reverse' }));
    const form = await screen.findByRole('form', { name: 'Reverse payment' });
    await user.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.reason, { exact: false })).toBeTruthy();
    expect(api.calls('POST /api/v1/cashFlow/deletePayment')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'Check bounced');
    await user.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.dayReconciled)).toBeTruthy();
    expect(api.bodies('POST /api/v1/cashFlow/deletePayment')[0]).toEqual({ id: PAYMENT_ID, reason: 'Check bounced' });

    const reversed = { ...PAYMENT, reversedById: REVERSAL.id, reversal: { ...REVERSAL, reason: 'Check bounced' } };
    api.use({ 'POST /api/v1/cashFlow/deletePayment': REVERSAL, 'GET /api/v1/payment/:paymentId': reversed });
    await user.click(within(form).getByRole('button', { name: 'Reverse payment' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Reverse payment' })).toBeNull());
    expect(await screen.findByText('Reason: Check bounced')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
  });

  it('offers Reverse only with CASH_FLOW UPDATE, and never on a reversal', async () => {
    stubServer();
    renderPage(<PaymentPage />, CASH_FLOW_READER, `/payment/${PAYMENT_ID}`);
    await screen.findByRole('heading', { name: 'Payment 1001' });
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();

    document.body.innerHTML = '';
    stubServer({ 'GET /api/v1/payment/:paymentId': { ...REVERSAL, note: null, reason: 'Typo', reversal: null } });
    renderPage(<PaymentPage />, undefined, `/payment/${REVERSAL.id}`);
    expect(await screen.findByText('This entry is a reversal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
  });

  it('says when the payment is not found', async () => {
    stubServer();
    renderPage(<PaymentPage />, undefined, `/payment/${id(99)}`);
    expect(await screen.findByText('Payment not found')).toBeTruthy();
  });
});
