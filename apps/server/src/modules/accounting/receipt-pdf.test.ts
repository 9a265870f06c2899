import type { PaymentDetail } from '@casedesk/contract/accounting/payment';
import { describe, expect, it } from 'vitest';
import { receiptContent, renderReceiptPdf } from './receipt-pdf.ts';

const payment: PaymentDetail = {
  id: '00000000-0000-4000-8000-000000000001',
  officeEntered: true,
  officeId: '00000000-0000-4000-8000-000000000002',
  office: 'Los Angeles',
  clientId: '00000000-0000-4000-8000-000000000003',
  client: 'Maria Lopez',
  lmsClientNumber: 'LMS-1',
  inquiryId: null,
  matter: null,
  lawTypeId: null,
  lawType: null,
  paymentType: 'MONEY_ORDER',
  account: 'OPERATING',
  feesCents: 125_050,
  costCents: 1_999,
  totalCents: 127_049,
  receiptNumber: 42,
  enteredById: null,
  enteredBy: 'Morgan Manager',
  time: '2026-01-15T18:30:00.000Z',
  paymentDate: '2026-01-15',
  reversesId: null,
  reversedById: null,
  note: null,
  reason: null,
  reversal: null,
};

describe('receipt', () => {
  it('says the receipt number, who paid, the type and the amounts in dollars', () => {
    const content = receiptContent(payment, -8);
    expect(content.title).toBe('Receipt No. 42');
    expect(content.fields).toContainEqual(['Received from', 'Maria Lopez']);
    expect(content.fields).toContainEqual(['Payment type', 'Money order']);
    expect(content.fields).toContainEqual(['Payment date', '01-15-2026']);
    expect(content.amounts).toEqual([
      ['Fees', '$1,250.50'],
      ['Cost', '$19.99'],
      ['Total', '$1,270.49'],
    ]);
    expect(content.notice).toBeNull();
  });

  it('marks a reversed payment with the reversal’s day, author and reason, and a reversal as one', () => {
    const reversal = {
      ...payment,
      id: '00000000-0000-4000-8000-000000000009',
      feesCents: -125_050,
      costCents: -1_999,
      totalCents: -127_049,
      receiptNumber: null,
      paymentDate: '2026-01-16',
      enteredBy: 'Alex Admin',
      reversesId: payment.id,
      reason: 'Entered twice',
    };
    const reversed = receiptContent({ ...payment, reversedById: reversal.id, reversal }, 0);
    expect(reversed.notice).toBe('REVERSED on 01-16-2026 by Alex Admin. Reason: Entered twice');
    const itself = receiptContent({ ...reversal, reversal: null }, 0);
    expect(itself.title).toBe('Reversal');
    expect(itself.amounts.at(-1)).toEqual(['Total', '-$1,270.49']);
  });

  it('renders a PDF', async () => {
    const pdf = await renderReceiptPdf(payment, 0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
