import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { formatPhone } from '@casedesk/contract/common/text';
import type { IntakeQuestion } from '@casedesk/contract/inquiries/intake-question';
import type { InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { formatDateTimeAt, formatUtcOffset } from '@casedesk/contract/inquiries/lead-list';
import { bufferedPdfDocument } from '../../platform/export/file-libraries.ts';

export interface Letterhead {
  name: string;
  phone: string;
  email: string | null;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface InquiryPdfInput {
  inquiry: InquiryDetail;
  questions: IntakeQuestion[];
  office: Letterhead | undefined;
  offsetHours: number;
  generatedAt: Date;
}

const FIRM = 'Casedesk Legal Services';
const MARGIN = 54;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#ced4da';
const ACCENT = '#1c4e80';

type Doc = PDFKit.PDFDocument;

function section(doc: Doc, title: string): void {
  if (doc.y > doc.page.height - MARGIN - 90) doc.addPage();
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(title.toUpperCase(), MARGIN, doc.y, {
    characterSpacing: 0.6,
  });
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
}

/** Label/value pairs in two columns; empty values show as a dash so a reader sees the gap was not missed. */
function fields(doc: Doc, pairs: [string, string | null | undefined][]): void {
  const width = doc.page.width - MARGIN * 2;
  const column = width / 2;
  const labelWidth = 92;
  for (let i = 0; i < pairs.length; i += 2) {
    const top = doc.y;
    let bottom = top;
    for (const [j, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = MARGIN + j * column;
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(pair[0], x, top, { width: labelWidth });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(pair[1]?.trim() || '—', x + labelWidth, top, { width: column - labelWidth - 8 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 4;
  }
}

function paragraph(doc: Doc, text: string | null): void {
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(text ? INK : MUTED)
    .text(text?.trim() || 'None recorded.', MARGIN, doc.y, { width: doc.page.width - MARGIN * 2, lineGap: 2 });
}

function letterhead(doc: Doc, input: InquiryPdfInput): void {
  const { office, inquiry } = input;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(FIRM, MARGIN, MARGIN);
  const lines = office
    ? [
        office.name === 'Call Center' ? 'Call Center' : `${office.name} Office`,
        [office.streetAddress, [office.city, office.state].filter(Boolean).join(', '), office.zip]
          .filter(Boolean)
          .join(' · '),
        [formatPhone(office.phone), office.email].filter(Boolean).join(' · '),
      ]
    : [];
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of lines) doc.text(line);
  const right = doc.page.width - MARGIN - 200;
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text('Inquiry', right, MARGIN, { width: 200, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Taken ${formatDateTimeAt(inquiry.createdAt, input.offsetHours)}`, { width: 200, align: 'right' })
    .text(`Ref. ${inquiry.id.slice(0, 8).toUpperCase()}`, { width: 200, align: 'right' });
  doc.y = Math.max(doc.y, MARGIN + 60);
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(doc.page.width - MARGIN, doc.y + 4)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  doc.y += 8;
}

function body(doc: Doc, input: InquiryPdfInput): void {
  const { inquiry, questions, offsetHours } = input;
  const client = inquiry.client;
  section(doc, 'Client');
  fields(doc, [
    ['Name', client ? [client.firstName, client.middleName, client.lastName].filter(Boolean).join(' ') : null],
    ['Date of birth', formatDateInput(client?.dateOfBirth)],
    ['Primary number', formatPhone(client?.primaryNumber)],
    ['Mobile number', formatPhone(client?.mobileNumber)],
    ['Home number', formatPhone(client?.homeNumber)],
    ['Secondary number', formatPhone(client?.secondaryNumber)],
    ['Email', client?.email],
    ['Maiden name', client?.maidenName],
    ['Street address', client?.streetAddress],
    ['City, state, zip', [client?.city, client?.state, client?.zipCode].filter(Boolean).join(', ')],
    ['County', client?.county],
    ['Country', client?.country],
    ['Place of birth', client?.placeOfBirth],
    ['Driver license', [client?.driverLicenseNumber, client?.driverLicenseState].filter(Boolean).join(' · ')],
    ['LMS client number', client?.lmsClientNumber],
    ['Needles number', client?.needlesClientNumber],
  ]);
  section(doc, 'Matter');
  const incident = inquiry.clientIntake.mvaResponse.incidentDateTime;
  fields(doc, [
    ['Law type', inquiry.lawType?.value],
    ['Incident date/time', incident ? formatDateTimeAt(incident, offsetHours) : null],
    ['Lead owner', inquiry.leadOwner?.displayName],
    ['Source', inquiry.source],
    ['No appt reason', inquiry.noApptReason],
    ['Calls / texts', `${inquiry.calls.length} calls · ${inquiry.smsMessages.length} texts`],
  ]);
  section(doc, 'Case description');
  paragraph(doc, inquiry.caseDescription);
  section(doc, 'Opposing party');
  const party = inquiry.intakeOpposingParty;
  fields(doc, [
    ['Name', [party.firstName, party.middleName, party.lastName].filter(Boolean).join(' ')],
    ['Date of birth', formatDateInput(party.dateOfBirth)],
    ['Phone number', formatPhone(party.phoneNumber)],
    ['LMS client number', party.lmsClientNumber],
  ]);
  section(doc, 'Intake questions');
  if (questions.length === 0) paragraph(doc, null);
  for (const [index, question] of questions.entries()) {
    const answer = inquiry.clientIntake.answers[question.id];
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`${index + 1}. ${question.question}`, MARGIN, doc.y, { width: doc.page.width - MARGIN * 2 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(answer ? INK : MUTED)
      .text(answer || 'Not answered', MARGIN + 14, doc.y, { width: doc.page.width - MARGIN * 2 - 14 });
    doc.moveDown(0.4);
  }
  section(doc, 'Notes');
  paragraph(doc, inquiry.notes);
}

function footers(doc: Doc, input: InquiryPdfInput): void {
  const range = doc.bufferedPageRange();
  const generated = `Generated ${formatDateTimeAt(input.generatedAt, input.offsetHours)} (${formatUtcOffset(input.offsetHours)})`;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN + 16;
    // Writing below the bottom margin would start a new page; lift the margin while the footer is drawn.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${generated} · Confidential: attorney-client privileged`, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, doc.page.width - MARGIN - 80, y, { width: 80, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/** SPEC §7 /inquiry/exportToPdf: the inquiry as a letter-size document a person would file. */
export async function renderInquiryPdf(input: InquiryPdfInput): Promise<Buffer> {
  const { doc, bytes: done } = await bufferedPdfDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Inquiry ${input.inquiry.id}`, Author: FIRM, Subject: 'Inquiry intake record' },
  });
  letterhead(doc, input);
  body(doc, input);
  footers(doc, input);
  doc.end();
  return done;
}
