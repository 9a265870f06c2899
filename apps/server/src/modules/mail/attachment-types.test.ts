import { describe, expect, it } from 'vitest';
import { JPEG_1X1, PNG_1X1 } from '../../../test/factories/images.factory.ts';
import { acceptedDeclaredType, sniffAttachmentType } from './attachment-types.ts';
import { mailIdOfMessageId } from './mail-capture.ts';

/** A minimal ZIP local header followed by the names a Word document's parts have. */
const docx = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml....word/document.xml', 'latin1'),
]);

describe('attachments are judged by their bytes', () => {
  it('knows PDF, PNG, JPEG, DOCX and plain text', () => {
    expect(sniffAttachmentType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffAttachmentType(PNG_1X1)).toBe('image/png');
    expect(sniffAttachmentType(JPEG_1X1)).toBe('image/jpeg');
    expect(sniffAttachmentType(docx)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(sniffAttachmentType(Buffer.from('Settlement: $1,250\r\nÜber café\tok\n'))).toBe('text/plain');
  });

  it('refuses executables, other archives, binary data and text that is not UTF-8', () => {
    expect(sniffAttachmentType(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]))).toBeUndefined();
    expect(
      sniffAttachmentType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])),
    ).toBeUndefined();
    expect(sniffAttachmentType(Buffer.from([0x00, 0x01, 0x02, 0xfe]))).toBeUndefined();
    expect(sniffAttachmentType(Buffer.from([0x68, 0x69, 0xe9]))).toBeUndefined();
  });

  it('reads a declared type only when it is one of the accepted ones', () => {
    expect(acceptedDeclaredType('image/PNG; name=x')).toBe('image/png');
    expect(acceptedDeclaredType('application/octet-stream')).toBeUndefined();
    expect(acceptedDeclaredType(undefined)).toBeUndefined();
  });
});

describe('Message-IDs', () => {
  it('names the outbox row when it is one of ours', () => {
    const id = '0b3f6c2e-8d1a-4e5b-9c7d-1a2b3c4d5e6f';
    expect(mailIdOfMessageId(`<${id}@casedesk.local>`)).toBe(id);
    expect(mailIdOfMessageId(`<${id.toUpperCase()}@example.org>`)).toBe(id);
    expect(mailIdOfMessageId('<abc@casedesk.local>')).toBeNull();
    expect(mailIdOfMessageId(undefined)).toBeNull();
  });
});
