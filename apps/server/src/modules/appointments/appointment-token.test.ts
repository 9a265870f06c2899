import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLinkSigner, createUploadSigner } from '../../platform/files/upload-signer.ts';
import {
  APPOINTMENT_LINK_PURPOSE,
  linkExpiresAt,
  readAppointmentToken,
  signAppointmentToken,
} from './appointment-token.ts';

const key = randomBytes(32);
const signer = createLinkSigner(key, APPOINTMENT_LINK_PURPOSE);
const id = randomUUID();
const inAnHour = Date.parse('2026-03-10T18:00:00Z') / 1000 + 3600;

/** The token with one character changed at `index` (to another base64url character). */
function flip(token: string, index: number): string {
  const c = token[index]!;
  return `${token.slice(0, index)}${c === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
}

describe('appointment link tokens', () => {
  it('round-trips the appointment id while the link is valid', () => {
    const token = signAppointmentToken(signer, id, inAnHour);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(token.length).toBeLessThanOrEqual(72);
    expect(readAppointmentToken(signer, token)).toEqual({
      ok: true,
      appointmentId: id,
      expiresAtSeconds: inAnHour,
    });
  });

  it('refuses any changed character, of the id, the expiry or the signature', () => {
    const token = signAppointmentToken(signer, id, inAnHour);
    for (let i = 0; i < token.length; i += 1) {
      if (token[i] === '.') continue;
      expect(readAppointmentToken(signer, flip(token, i)).ok, `character ${i}`).toBe(false);
    }
  });

  it('refuses a later expiry signed by nobody, another key, another purpose and malformed tokens', () => {
    const token = signAppointmentToken(signer, id, inAnHour);
    const [, signature] = token.split('.');
    const extended = signAppointmentToken(signer, id, inAnHour + 86_400).split('.')[0]!;
    expect(readAppointmentToken(signer, `${extended}.${signature}`).ok).toBe(false);

    const otherKey = createLinkSigner(randomBytes(32), APPOINTMENT_LINK_PURPOSE);
    expect(readAppointmentToken(otherKey, token).ok).toBe(false);
    // An upload signature over the same id and expiry, made with the same key, is not a link.
    const upload = createUploadSigner(key).sign(id, inAnHour);
    expect(readAppointmentToken(signer, `${token.split('.')[0]}.${upload}`).ok).toBe(false);

    for (const bad of ['', '.', 'abc', `${token}.x`, `${token.split('.')[0]}.`, `.${signature}`, `${token}=`]) {
      expect(readAppointmentToken(signer, bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('expires 24 hours after the appointment ends', () => {
    const start = '2026-03-10T17:00:00.000Z';
    expect(linkExpiresAt({ appointmentDateTime: start, appointmentLength: 30 })).toBe(
      Date.parse('2026-03-11T17:30:00Z') / 1000,
    );
    expect(linkExpiresAt({ appointmentDateTime: new Date(start), appointmentLength: 60 })).toBe(
      Date.parse('2026-03-11T18:00:00Z') / 1000,
    );
  });
});
