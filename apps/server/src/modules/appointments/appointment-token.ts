import type { LinkSigner } from '../../platform/files/upload-signer.ts';

/** The signer's purpose: an upload signature (or any other) is worthless as an appointment link. */
export const APPOINTMENT_LINK_PURPOSE = 'APPOINTMENT_DETAIL';

/**
 * A link stays valid until 24 hours after the appointment's end: the client can look it up on the way
 * there and while running late, and it is dead the day after (the link must expire).
 */
export const LINK_VALID_AFTER_END_SECONDS = 24 * 60 * 60;

const UUID_BYTES = 16;
const PAYLOAD_BYTES = UUID_BYTES + 4;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** When a link to an appointment stops working, in Unix seconds. */
export function linkExpiresAt(appointment: { appointmentDateTime: Date | string; appointmentLength: number }): number {
  const endMs = new Date(appointment.appointmentDateTime).getTime() + appointment.appointmentLength * 60_000;
  return Math.floor(endMs / 1000) + LINK_VALID_AFTER_END_SECONDS;
}

/**
 * The token of a link: base64url of the appointment id (16 bytes) and the expiry (4 bytes, Unix
 * seconds), a dot, and the HMAC-SHA256 of both. 70 characters, so the link fits in a text message.
 */
export function signAppointmentToken(signer: LinkSigner, appointmentId: string, expiresAtSeconds: number): string {
  const id = appointmentId.toLowerCase();
  if (!UUID_SHAPE.test(id)) throw new Error('An appointment id is a UUID');
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(id.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(expiresAtSeconds, UUID_BYTES);
  return `${payload.toString('base64url')}.${signer.sign(id, expiresAtSeconds)}`;
}

export type TokenCheck = { ok: true; appointmentId: string; expiresAtSeconds: number } | { ok: false };

/**
 * The appointment a token names, when we signed it. The expiry signed into it is not checked here: a link
 * lives as long as the appointment it names allows, as that stands now (appointment-links.service.ts).
 * Only the canonical spelling of a token is accepted: base64url's last character carries spare bits, and a
 * link that differs from the one we sent is not ours, even when it decodes to the same bytes.
 */
export function readAppointmentToken(signer: LinkSigner, token: string): TokenCheck {
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return { ok: false };
  const payload = Buffer.from(encoded, 'base64url');
  if (payload.length !== PAYLOAD_BYTES || payload.toString('base64url') !== encoded) return { ok: false };
  if (Buffer.from(signature, 'base64url').toString('base64url') !== signature) return { ok: false };
  const hex = payload.subarray(0, UUID_BYTES).toString('hex');
  const appointmentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const expiresAtSeconds = payload.readUInt32BE(UUID_BYTES);
  if (!signer.verify(appointmentId, expiresAtSeconds, signature)) return { ok: false };
  return { ok: true, appointmentId, expiresAtSeconds };
}
