import type { PublicAppointmentDetail } from '@casedesk/contract/appointments/appointment-link';
import { APPOINTMENT_LINK_MESSAGES, officeAddressLine } from '@casedesk/contract/appointments/appointment-link';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { LinkSigner } from '../../platform/files/upload-signer.ts';
import { createLinkSigner, loadOrCreateSigningKey } from '../../platform/files/upload-signer.ts';
import * as repo from './appointment-links.repository.ts';
import {
  APPOINTMENT_LINK_PURPOSE,
  linkExpiresAt,
  signAppointmentToken,
  readAppointmentToken,
} from './appointment-token.ts';

/** How the server makes appointment links: its public address and the key they are signed with. */
export interface AppointmentLinks {
  /** Config PUBLIC_URL (default http://localhost:PORT), without a trailing slash. */
  publicUrl: string;
  signer: LinkSigner;
}

/** Its own key in app_secrets (not the upload key): rotating one never kills the other's links. */
const SECRET_NAME = 'appointment-links';

export async function loadAppointmentLinks(publicUrl: string, db: Db): Promise<AppointmentLinks> {
  const key = await loadOrCreateSigningKey(db, SECRET_NAME);
  return { publicUrl, signer: createLinkSigner(key, APPOINTMENT_LINK_PURPOSE) };
}

/** The absolute link a client opens (SPEC §2 /appt-detail), valid until 24 hours after the appointment's end. */
export function appointmentLinkFor(
  links: AppointmentLinks,
  appointment: { id: string; appointmentDateTime: Date | string; appointmentLength: number },
): string {
  const token = signAppointmentToken(links.signer, appointment.id, linkExpiresAt(appointment));
  return `${links.publicUrl}/appt-detail?token=${token}`;
}

const invalidLink = () => new AppError('NOT_FOUND', APPOINTMENT_LINK_MESSAGES.invalid);

// One formatter per zone and style, as Intl formatters are costly to build.
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(instant: Date, timeZone: string, style: 'date' | 'time'): string {
  const id = `${style} ${timeZone}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(
      'en-US',
      style === 'date'
        ? { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
        : { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
    );
    formatters.set(id, formatter);
  }
  // ICU puts a narrow no-break space before AM/PM; a plain one reads the same everywhere.
  return formatter.format(instant).replace(/\u202f/g, ' ');
}

/**
 * GET /api/v1/public/appointment-detail: what a signed link shows. A wrong, tampered or expired token and
 * a deleted or cancelled appointment all get the same 404, so the page tells a stranger nothing.
 *
 * A link lives until 24 hours after the appointment it names ends, as the appointment stands now: the
 * expiry signed into it was right when the link was sent, but a client whose appointment was moved to a
 * later day keeps the link they have (and one moved earlier dies sooner).
 */
export async function publicAppointmentDetail(
  db: Db,
  links: AppointmentLinks,
  token: string | undefined,
  now = new Date(),
): Promise<PublicAppointmentDetail> {
  const checked = token ? readAppointmentToken(links.signer, token) : { ok: false as const };
  if (!checked.ok) throw invalidLink();
  const row = await repo.findLiveAppointmentDetail(db, checked.appointmentId);
  if (!row || linkExpiresAt(row) * 1000 <= now.getTime()) throw invalidLink();
  return {
    dateTime: row.appointmentDateTime.toISOString(),
    date: format(row.appointmentDateTime, row.timeZone, 'date'),
    time: format(row.appointmentDateTime, row.timeZone, 'time'),
    length: row.appointmentLength,
    officeName: row.officeName,
    officeAddress: officeAddressLine(row),
    attorneyName: row.attorneyName,
    zoomLink: row.zoomLink,
  };
}

/**
 * The link of a client's current appointment for the @appointmentLink placeholder: the inquiry's own
 * appointment when an inquiry is named (SPEC §4), else the client's next one; none once it has ended.
 */
export async function currentAppointmentLink(
  db: Db,
  links: AppointmentLinks,
  ref: { clientId: string; inquiryId?: string | null },
  now = new Date(),
): Promise<string | undefined> {
  const target =
    (ref.inquiryId ? await repo.findCurrentOfInquiry(db, ref.clientId, ref.inquiryId, now) : undefined) ??
    (await repo.findNextOfClient(db, ref.clientId, now));
  return target ? appointmentLinkFor(links, target) : undefined;
}
