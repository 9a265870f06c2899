import type { PaymentDetail } from '@casedesk/contract/accounting/payment';
import { PAYMENT_TYPE_LABELS } from '@casedesk/contract/accounting/payment';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { formatDateTimeAt } from '@casedesk/contract/inquiries/lead-list';
import { bufferedPdfDocument } from '../../platform/export/file-libraries.ts';

const FIRM = 'Casedesk Legal Services';
const MARGIN = 54;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#1c4e80';
const ALERT = '#c92a2a';

export interface ReceiptContent {
  title: string;
  /** Label and value pairs, in print order. */
  fields: [string, string][];
  amounts: [string, string][];
  /** Printed across the receipt when the payment was reversed (or is itself a reversal). */
  notice: string | null;
}

/** What a receipt says, as plain lines: the same figures as the payment page, amounts as dollars. */
export function receiptContent(payment: PaymentDetail, offsetHours: number): ReceiptContent {
  const reversal = payment.reversal;
  const isReversal = payment.reversesId !== null;
  return {
    title: isReversal ? 'Reversal' : `Receipt No. ${payment.receiptNumber ?? ''}`.trim(),
    fields: [
      ['Office', payment.office],
      ['Received from', payment.client],
      ['LMS client number', payment.lmsClientNumber ?? '—'],
      ['Matter', payment.matter ?? '—'],
      ['Law type', payment.lawType ?? '—'],
      ['Payment type', PAYMENT_TYPE_LABELS[payment.paymentType]],
      ['Payment date', formatDateInput(payment.paymentDate)],
      ['Entered', `${formatDateTimeAt(payment.time, offsetHours)} by ${payment.enteredBy ?? '—'}`],
    ],
    amounts: [
      ['Fees', formatMoney(payment.feesCents)],
      ['Cost', formatMoney(payment.costCents)],
      ['Total', formatMoney(payment.totalCents)],
    ],
    notice: isReversal
      ? `This entry reverses an earlier payment. Reason: ${payment.reason ?? '—'}`
      : reversal
        ? `REVERSED on ${formatDateInput(reversal.paymentDate)} by ${reversal.enteredBy ?? '—'}. Reason: ${reversal.reason ?? '—'}`
        : null,
  };
}

/** A payment's receipt, one letter-size page, for the client or the file. */
export async function renderReceiptPdf(payment: PaymentDetail, offsetHours: number): Promise<Buffer> {
  const content = receiptContent(payment, offsetHours);
  const { doc, bytes: done } = await bufferedPdfDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: content.title, Author: FIRM, Subject: 'Payment receipt' },
  });
  const width = doc.page.width - MARGIN * 2;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(FIRM, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`${payment.office} Office`);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(content.title, MARGIN, MARGIN, { width, align: 'right' });
  doc.y = MARGIN + 56;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  doc.y += 14;
  for (const [label, value] of content.fields) {
    const top = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, MARGIN, top, { width: 130 });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(value, MARGIN + 140, top, { width: width - 140 });
    doc.y = Math.max(doc.y, top + 16) + 4;
  }
  doc.y += 10;
  for (const [label, value] of content.amounts) {
    const top = doc.y;
    const bold = label === 'Total';
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 13 : 11)
      .fillColor(INK)
      .text(label, MARGIN + width - 260, top, { width: 120 })
      .text(value, MARGIN + width - 140, top, { width: 140, align: 'right' });
    doc.y = Math.max(doc.y, top + 16) + 4;
  }
  if (content.notice) {
    doc.y += 16;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(ALERT).text(content.notice, MARGIN, doc.y, { width });
  }
  doc.end();
  return done;
}
