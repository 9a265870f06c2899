import { createHash } from 'node:crypto';
import type { DraftHashInput } from '@casedesk/contract/mail/draft';
import { draftHashText } from '@casedesk/contract/mail/draft';
import { describe, expect, it } from 'vitest';
import { draftContentHash } from './draft-hash.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const base: DraftHashInput = {
  kind: 'EMAIL',
  officeId: '11111111-1111-4111-8111-111111111111',
  clientId: '22222222-2222-4222-8222-222222222222',
  collectionAccountId: null,
  to: ['rosa@example.com'],
  subject: 'Your statement',
  body: 'Dear Rosa,',
  attachments: [
    { filename: 'a.pdf', contentType: 'application/pdf', sha256: sha('a') },
    { filename: 'b.txt', contentType: 'text/plain', sha256: sha('b') },
  ],
};

describe('draftContentHash', () => {
  it('is the SHA-256 of the documented text, keys in a fixed order', () => {
    const text = draftHashText(base);
    expect(text.startsWith('{"v":1,"kind":"EMAIL","officeId":')).toBe(true);
    expect(draftContentHash(base)).toBe(sha(text));
    // The same content in another key order gives the same text.
    const { body, kind, ...rest } = base;
    const reordered: DraftHashInput = { body, ...rest, kind };
    expect(draftContentHash(reordered)).toBe(draftContentHash(base));
  });

  it('changes with any part of the content, a recipient, an attachment’s bytes or their order', () => {
    const hash = draftContentHash(base);
    const variants: DraftHashInput[] = [
      { ...base, subject: 'Your statement.' },
      { ...base, body: 'Dear Rosa, ' },
      { ...base, to: ['rosa@example.org'] },
      { ...base, kind: 'LETTER' },
      { ...base, collectionAccountId: '33333333-3333-4333-8333-333333333333' },
      { ...base, attachments: [base.attachments[0]!, { ...base.attachments[1]!, sha256: sha('c') }] },
      { ...base, attachments: [base.attachments[1]!, base.attachments[0]!] },
      { ...base, attachments: [base.attachments[0]!] },
    ];
    for (const variant of variants) expect(draftContentHash(variant)).not.toBe(hash);
  });
});
