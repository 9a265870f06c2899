import { formatPhone } from '@casedesk/contract/common/text';
import { bufferedPdfDocument } from '../../platform/export/file-libraries.ts';

/**
 * A letter on the office's letterhead (SPEC §7 mail/saveLetter), one US Letter page or more: the office's name,
 * address and phone at the top, the date, the recipient's name and address placed for a window envelope, the
 * subject, the body as written, and the office's line and the page number at the foot of every page.
 */

export interface LetterOffice {
  name: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string;
  email: string | null;
}

export interface LetterRecipient {
  name: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface LetterContent {
  office: LetterOffice;
  /** As printed, e.g. "March 4, 2026" (the office's own day). */
  date: string;
  recipient: LetterRecipient;
  subject: string;
  body: string;
}

/** The firm's name, as the payment receipts print it above the office. */
export const FIRM_NAME = 'Casedesk Legal Services';
const MARGIN = 72;
const FOOTER_HEIGHT = 40;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#1c4e80';

/** "City, ST 12345", leaving out what is missing. */
export function cityLine(place: { city: string | null; state: string | null; zip: string | null }): string {
  const stateZip = [place.state, place.zip].filter(Boolean).join(' ');
  return [place.city, stateZip].filter(Boolean).join(', ');
}

/** The recipient block's lines: name, street, city line (empty lines left out). */
export function recipientLines(recipient: LetterRecipient): string[] {
  return [recipient.name, recipient.streetAddress ?? '', cityLine(recipient)].filter((line) => line.trim() !== '');
}

/** The letterhead under the firm's name: the office, its address line and its contact line. */
export function letterheadLines(office: LetterOffice): { office: string; address: string; contact: string } {
  const name = /\boffice$/i.test(office.name.trim()) ? office.name.trim() : `${office.name.trim()} Office`;
  const address = [office.streetAddress, cityLine(office)].filter(Boolean).join(' · ');
  const contact = [`Phone ${formatPhone(office.phone)}`, office.email].filter(Boolean).join(' · ');
  return { office: name, address, contact };
}

/**
 * The body's paragraphs: blank lines separate them; single line breaks inside one are kept. Tabs become spaces
 * (the standard fonts have no tab glyph), other control characters are dropped.
 */
export function paragraphsOf(body: string): string[] {
  return (
    body
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, '    ')
      // eslint-disable-next-line no-control-regex -- characters the standard PDF fonts cannot draw
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+$/g, ''))
      .filter((paragraph) => paragraph.trim() !== '')
  );
}

/** What pdfkit's standard fonts can draw (WinAnsi): printable Latin-1 and the typographic marks WinAnsi adds. */
const NOT_WIN_ANSI =
  /[^\n\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/g;

/** Text in compatibility forms is normalized (NFKC: ligatures, full-width letters); what is still not WinAnsi prints as '?'. */
export function printable(text: string): string {
  return text.normalize('NFKC').replace(NOT_WIN_ANSI, '?');
}

export async function renderLetterPdf(letter: LetterContent): Promise<{ pdf: Buffer; pages: number }> {
  const { doc, bytes: done } = await bufferedPdfDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: printable(letter.subject), Author: printable(letter.office.name), Subject: 'Letter' },
  });
  const width = doc.page.width - MARGIN * 2;
  const head = letterheadLines(letter.office);

  // Letterhead.
  doc
    .font('Helvetica-Bold')
    .fontSize(17)
    .fillColor(ACCENT)
    .text(FIRM_NAME, MARGIN, MARGIN - 18, { width });
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(printable(head.office), { width });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  if (head.address) doc.text(printable(head.address), { width });
  doc.text(printable(head.contact), { width });
  const rule = doc.y + 6;
  doc
    .moveTo(MARGIN, rule)
    .lineTo(MARGIN + width, rule)
    .lineWidth(1.2)
    .strokeColor(ACCENT)
    .stroke();

  // Date, then the recipient where a #10 window envelope shows it (about 2 in. from the top).
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(INK)
    .text(printable(letter.date), MARGIN, rule + 20, { width });
  doc.y = Math.max(doc.y + 14, 144);
  for (const line of recipientLines(letter.recipient)) doc.text(printable(line), MARGIN, doc.y, { width: 260 });

  doc.moveDown(1.6);
  doc.font('Helvetica-Bold').text(`Re: ${printable(letter.subject)}`, MARGIN, doc.y, { width });
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(11);
  for (const paragraph of paragraphsOf(letter.body)) {
    doc.text(printable(paragraph), MARGIN, doc.y, { width, lineGap: 2 });
    doc.moveDown(0.8);
  }

  // The foot of every page: the office and the page number.
  const range = doc.bufferedPageRange();
  const footer = [`${FIRM_NAME}, ${head.office}`, head.address, formatPhone(letter.office.phone)]
    .filter(Boolean)
    .join(' · ');
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const top = doc.page.height - MARGIN - 4;
    // Writing inside the bottom margin would start a new page; lift the margin while the footer is drawn.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, top - 6)
      .lineTo(MARGIN + width, top - 6)
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(printable(footer), MARGIN, top, { width: width - 80, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + width - 80, top, { width: 80, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return { pdf: await done, pages: range.count };
}
