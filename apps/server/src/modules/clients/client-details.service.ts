import type { PermissionType } from '@casedesk/contract/access/permissions';
import { hasAccess } from '@casedesk/contract/access/permissions';
import type { ClientDetailsResponse, ClientLeadResponse } from '@casedesk/contract/clients/client-details';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { APPOINTMENT_READ_PERMISSIONS, listClientAppointments } from '../appointments/appointment-lists.service.ts';
import { listClientTexts } from '../sms/sms.service.ts';
import { listClientPayments } from '../accounting/payments.service.ts';
import { findClientCalls, findClientInquiries } from './client-details.repository.ts';
import { toClientDetail } from './clients.repository.ts';
import { officeScope, requireClient } from './clients.service.ts';

/**
 * Whether the caller may read a kind of record at all, so the client screen lists it: the READ level of one
 * of its permissions (the caller's role conditions are judged when the caller is resolved, SPEC §6). Office
 * and SMS category conditions are about records; each list applies them to its rows.
 */
function mayReadKind(actor: Actor, types: readonly PermissionType[]): boolean {
  return types.some((type) => hasAccess(actor.permissions, type, 'READ'));
}

/** A list the caller may read, else undefined: left out of the answer rather than sent empty. */
function section<T>(readable: boolean, read: () => Promise<T>): Promise<T | undefined> {
  return readable ? read() : Promise.resolve(undefined);
}

/**
 * SPEC §3 Client detail. CLIENT_PROFILE READ reaches the client; each list beside it is filtered by the
 * caller's permission for that kind of record (DESIGN §3): a client's texts are not readable merely
 * because the client is.
 */
export async function getClientDetails(db: Db, actor: Actor, clientId: string): Promise<ClientDetailsResponse> {
  const row = await requireClient(db, actor, clientId);
  const [calls, sms, inquiries, appointments, payments] = await Promise.all([
    section(mayReadKind(actor, ['CALLS']), () => findClientCalls(db, clientId, officeScope(actor, 'CALLS', 'READ'))),
    section(mayReadKind(actor, ['SMS']), () => listClientTexts(db, actor, clientId)),
    section(mayReadKind(actor, ['LEADS']), () =>
      findClientInquiries(db, clientId, officeScope(actor, 'LEADS', 'READ')),
    ),
    section(mayReadKind(actor, APPOINTMENT_READ_PERMISSIONS), () => listClientAppointments(db, actor, clientId)),
    section(mayReadKind(actor, ['CASH_FLOW']), () => listClientPayments(db, actor, clientId)),
  ]);
  return {
    profile: toClientDetail(row),
    address: {
      streetAddress: row.streetAddress,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      county: row.county,
      country: row.country,
      address: row.address,
    },
    // The client record has no photo column yet; the field is part of the SPEC §3 shape.
    image: { imageUrl: null },
    calls,
    appointments,
    payments,
    sms,
    inquiries,
  };
}

/** The newest inquiry of a client the caller's LEADS READ reaches, for "open lead"; nothing without it. */
export async function getClientLead(db: Db, actor: Actor, clientId: string): Promise<ClientLeadResponse> {
  await requireClient(db, actor, clientId);
  if (!mayReadKind(actor, ['LEADS'])) return {};
  const [newest] = await findClientInquiries(db, clientId, officeScope(actor, 'LEADS', 'READ'), 1);
  return { inquiryId: newest?.id ?? null, inquiry: newest ?? null };
}
