import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/support/pdf-text.ts';
import { cityLine, letterheadLines, paragraphsOf, printable, recipientLines, renderLetterPdf } from './letter-pdf.ts';

const office = {
  name: 'Phoenix',
  streetAddress: '2 N Central Ave',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  phone: '6025550113',
  email: 'phoenix@casedesk.local',
};
const recipient = {
  name: 'María López',
  streetAddress: '1234 W Camelback Rd',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85015',
};

describe('letter content', () => {
  it('the letterhead: the office named as such, its address line and its contact line', () => {
    expect(letterheadLines(office)).toEqual({
      office: 'Phoenix Office',
      address: '2 N Central Ave · Phoenix, AZ 85004',
      contact: 'Phone (602) 555-0113 · phoenix@casedesk.local',
    });
    expect(letterheadLines({ ...office, name: 'Main Office', email: null, streetAddress: null }).office).toBe(
      'Main Office',
    );
    expect(letterheadLines({ ...office, email: null }).contact).toBe('Phone (602) 555-0113');
  });

  it('the address block leaves out what the client record lacks', () => {
    expect(recipientLines(recipient)).toEqual(['María López', '1234 W Camelback Rd', 'Phoenix, AZ 85015']);
    expect(recipientLines({ ...recipient, streetAddress: null, city: null, zip: null })).toEqual(['María López', 'AZ']);
    expect(cityLine({ city: 'Phoenix', state: null, zip: '85015' })).toBe('Phoenix, 85015');
  });

  it('paragraphs are separated by blank lines; tabs become spaces, control characters go', () => {
    expect(paragraphsOf('Dear Ana,\r\n\r\nLine one\nline two\t!\u0007\n\n\n  \nSincerely,')).toEqual([
      'Dear Ana,',
      'Line one\nline two    !',
      'Sincerely,',
    ]);
  });

  it('what the standard fonts cannot draw prints as ?, compatibility forms are normalized', () => {
    expect(printable('Café – “quoted” €5 ﬁle 漢')).toBe('Café – “quoted” €5 file ?');
  });
});

describe('renderLetterPdf', () => {
  it('prints the letterhead, date, address, subject, body and page footer, in that order', async () => {
    const { pdf, pages } = await renderLetterPdf({
      office,
      date: 'March 4, 2026',
      recipient,
      subject: 'Your case file',
      body: 'Dear María,\n\nWe have opened your file.',
    });
    expect(pages).toBe(1);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = pdfTextLines(pdf);
    const order = [
      'Casedesk Legal Services',
      'Phoenix Office',
      '2 N Central Ave · Phoenix, AZ 85004',
      'March 4, 2026',
      'María López',
      'Re: Your case file',
      'Dear María,',
      'We have opened your file.',
      'Page 1 of 1',
    ].map((line) => lines.indexOf(line));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('a long letter runs onto more pages, each with its footer', async () => {
    const body = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i + 1}. ${'A sentence of the letter. '.repeat(12)}`,
    ).join('\n\n');
    const { pdf, pages } = await renderLetterPdf({ office, date: 'March 4, 2026', recipient, subject: 'Long', body });
    expect(pages).toBeGreaterThan(1);
    const lines = pdfTextLines(pdf);
    for (let page = 1; page <= pages; page += 1) expect(lines).toContain(`Page ${page} of ${pages}`);
  });
});
