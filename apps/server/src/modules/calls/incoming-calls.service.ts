import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { CallRow } from '@casedesk/contract/calls/call';
import type { CallStatus } from '@casedesk/contract/calls/call-status';
import { CALL_FINAL_STATUSES, callStatusesBefore, parseCallStatus } from '@casedesk/contract/calls/call-status';
import { clientDisplayName } from '@casedesk/contract/clients/client';
import { formatPhone } from '@casedesk/contract/common/text';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { toNationalNumber } from '../../platform/providers/phone-numbers.ts';
import type { WebhookEvent } from '../../platform/providers/webhook-handlers.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';
import { notifyUsers, usersReachingOffice } from '../notifications/notifications.service.ts';
import { resolveDialedNumber } from '../marketing/tracking-lines.service.ts';
import { findCallRow } from './call-list.repository.ts';
import {
  advanceCallStatus,
  calledWithin,
  callWithinScope,
  findCallIdBySid,
  findClientByPhone,
  findLatestInquiryId,
  insertCall,
} from './calls.repository.ts';

/** The duplicate flag: the same caller id called within the previous 30 days. */
export const DUPLICATE_WINDOW_DAYS = 30;
export const UNKNOWN_CALLER = 'Unknown caller';

export interface IncomingCall {
  /** The calling number: 10 digits for a US number; anything else (e.g. withheld) as its digits or null. */
  callerId: string | null;
  numberDialed: string;
  callSid?: string;
  startTime?: Date;
  status?: CallStatus;
}

export interface IncomingCallDeps {
  db: Db;
  realtime: RealtimeBus;
}

/**
 * Stores an INBOUND call with the tracking line of the dialed number (source, point to, office), the
 * client matched by phone (the most recent one) and that client's latest inquiry (its law type),
 * flags a repeat caller, then tells the office's CALLS readers live. A repeated report of the same
 * call sid changes nothing and notifies no one. With an actor (POST /call/incoming), the line's office
 * must be within the actor's CALLS CREATE scope.
 */
export async function recordIncomingCall(
  { db, realtime }: IncomingCallDeps,
  call: IncomingCall,
  actor?: Actor,
): Promise<{ id: string; created: boolean }> {
  if (call.callSid) {
    const existing = await findCallIdBySid(db, call.callSid);
    // A reporter is answered with the stored call only within their reach; another office's shows nothing.
    if (
      existing &&
      actor &&
      !(await callWithinScope(db, existing, scopeOf(actor.permissions, 'CALLS', 'CREATE', 'OFFICE')))
    ) {
      throw AppError.conflict('This call is already recorded.');
    }
    if (existing) return { id: existing, created: false };
  }
  const startTime = call.startTime ?? new Date();
  const { line, officeId } = await resolveDialedNumber(db, call.numberDialed, startTime);
  if (actor && !allowsRecord(actor.permissions, 'CALLS', 'CREATE', { OFFICE: officeId })) {
    throw AppError.forbiddenBecause('The number dialed belongs to an office outside your access.');
  }
  const usPhone = call.callerId?.length === 10 ? call.callerId : null;
  const client = usPhone ? await findClientByPhone(db, usPhone) : undefined;
  const inquiryId = client ? ((await findLatestInquiryId(db, client.id)) ?? null) : null;
  const duplicate = call.callerId ? await calledWithin(db, call.callerId, startTime, DUPLICATE_WINDOW_DAYS) : false;

  const id = await db.transaction(async (tx) => {
    const inserted = await insertCall(tx, {
      direction: 'INBOUND',
      callStartTime: startTime,
      callerId: call.callerId,
      numberDialed: call.numberDialed,
      trackingLineId: line?.id ?? null,
      officeId,
      clientId: client?.id ?? null,
      inquiryId,
      title: client ? clientDisplayName(client) : UNKNOWN_CALLER,
      duplicate,
      providerCallSid: call.callSid ?? null,
      status: call.status ?? 'ringing',
    });
    if (!inserted) return undefined;
    await recordAudit(tx, {
      actorId: actor?.userId ?? null,
      action: 'call.incoming',
      entity: 'call',
      entityId: inserted,
      after: { officeId, trackingLineId: line?.id ?? null, clientId: client?.id ?? null, duplicate },
      ip: actor?.ip,
      requestId: actor?.requestId,
      detail: { via: actor ? 'api' : 'webhook' },
    });
    return inserted;
  });
  // A concurrent report of the same sid won the insert: it notified already.
  if (!id) return { id: (await findCallIdBySid(db, call.callSid!))!, created: false };

  const userIds = await usersReachingOffice(db, ['CALLS', 'READ'], officeId);
  await notifyUsers(db, realtime, {
    userIds,
    notificationType: 'CALL',
    notificationId: id,
    description: `Incoming call from ${call.callerId ? formatPhone(call.callerId) : UNKNOWN_CALLER} on ${
      line?.source ?? formatPhone(call.numberDialed)
    }`,
  });
  return { id, created: true };
}

/** POST /call/incoming: as the webhook, reported by a telephony integration with CALLS CREATE. */
export async function reportIncomingCall(
  deps: IncomingCallDeps,
  actor: Actor,
  body: { callerId: string; numberDialed: string; callSid?: string; startTime?: string },
): Promise<CallRow> {
  const { id } = await recordIncomingCall(
    deps,
    {
      callerId: body.callerId,
      numberDialed: body.numberDialed,
      callSid: body.callSid,
      startTime: body.startTime ? new Date(body.startTime) : undefined,
    },
    actor,
  );
  return (await findCallRow(deps.db, id))!;
}

/** CALL_INBOUND (Twilio voice webhook): From and To in E.164, stored as 10 digits. */
export async function handleInboundCallEvent(deps: IncomingCallDeps, event: WebhookEvent): Promise<void> {
  const { CallSid, From, To, Direction, CallStatus } = event.params;
  // Our own click-to-call legs are recorded when placed; only calls from outside are incoming.
  if (!CallSid || !To || (Direction && Direction !== 'inbound')) return;
  const caller = From ? toNationalNumber(From) : '';
  await recordIncomingCall(deps, {
    callerId: caller === '' ? null : caller.slice(0, 15),
    numberDialed: toNationalNumber(To),
    callSid: CallSid,
    status: parseCallStatus(CallStatus) ?? 'ringing',
  });
}

/**
 * CALL_STATUS: moves the call's status forward only (DESIGN §1), so replays and late callbacks are
 * no-ops. A final status fixes the talk seconds (CallDuration, else 0), which ends "ongoing" (SPEC §4).
 */
export async function handleCallStatusEvent(db: Db, event: WebhookEvent): Promise<void> {
  const { CallSid, CallStatus, CallDuration } = event.params;
  const next = parseCallStatus(CallStatus);
  if (!CallSid || !next) return;
  const final = CALL_FINAL_STATUSES.includes(next);
  const duration = CallDuration !== undefined && /^\d{1,7}$/.test(CallDuration) ? Number(CallDuration) : null;
  await advanceCallStatus(db, CallSid, next, callStatusesBefore(next), final ? duration : undefined);
}
