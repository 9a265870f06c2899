import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import type { CallListRequest, CallRow } from '@casedesk/contract/calls/call';
import type {
  ClickToCallRequest,
  OutgoingCallNumber,
  SmartDialOption,
  SmartDialQuery,
} from '@casedesk/contract/calls/click-to-call';
import { CLICK_TO_CALL_MESSAGES, isOfferableCallerId, PHONE_DIGITS } from '@casedesk/contract/calls/click-to-call';
import { CLIENT_PHONE_FIELDS, clientDisplayName } from '@casedesk/contract/clients/client';
import { COLLECTION_ACCOUNT_MESSAGES } from '@casedesk/contract/collections/account';
import { formatPhone, labelFromFieldName } from '@casedesk/contract/common/text';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CommunicationProvider } from '../../platform/providers/provider.ts';
import { findReachableAccount, guardCollectionContact } from '../collections/collection-contact.service.ts';
import { findCallPage, findCallRow } from './call-list.repository.ts';
import type { ClientPhones } from './calls.repository.ts';
import {
  callWithinScope,
  findClientPhones,
  findInquiryOffice,
  findOutgoingNumbers,
  insertCall,
} from './calls.repository.ts';

/** POST /call/all: SPEC §2 calls within the caller's CALLS READ office scope. */
export async function listCalls(database: Pick<Database, 'db' | 'cursor'>, actor: Actor, request: CallListRequest) {
  return findCallPage(database, request, scopeOf(actor.permissions, 'CALLS', 'READ', 'OFFICE'));
}

/**
 * Whether the actor may tie a record (an appointment) to this call: it exists within their CALLS READ
 * office scope. A call they may not see reads as one that does not exist (no IDOR).
 */
export function mayLinkCall(db: Db, actor: Actor, callId: string): Promise<boolean> {
  return callWithinScope(db, callId, scopeOf(actor.permissions, 'CALLS', 'READ', 'OFFICE'));
}

/** GET /dropdown/outgoingCallNumbers: the offices' caller ids this user may call from (CALLS CREATE scope). */
export async function listOutgoingCallNumbers(db: Db, actor: Actor): Promise<OutgoingCallNumber[]> {
  const numbers = await findOutgoingNumbers(db, scopeOf(actor.permissions, 'CALLS', 'CREATE', 'OFFICE'));
  // The query keeps only 10-digit ids already; this states the SPEC §5 rule where it is decided.
  return numbers.filter((n) => isOfferableCallerId(n.outboundCallerId));
}

interface CallTarget {
  client: ClientPhones | undefined;
  inquiryId: string | null;
}

const mayCall = (actor: Actor, officeId: string | null) =>
  allowsRecord(actor.permissions, 'CALLS', 'CREATE', { OFFICE: officeId });

/**
 * The client (and inquiry) a call is about. A record outside the caller's CALLS CREATE office scope
 * is answered like a missing one (404), so ids of other offices' records reveal nothing.
 */
async function resolveTarget(
  db: Db,
  actor: Actor,
  ids: { clientId?: string | null; inquiryId?: string | null },
): Promise<CallTarget> {
  let clientId = ids.clientId ?? null;
  if (ids.inquiryId) {
    const inquiry = await findInquiryOffice(db, ids.inquiryId);
    if (!inquiry || !mayCall(actor, inquiry.officeId)) throw AppError.notFound('Inquiry');
    if (clientId && clientId !== inquiry.clientId) {
      throw AppError.validation(CLICK_TO_CALL_MESSAGES.clientNotOfInquiry, {
        clientId: CLICK_TO_CALL_MESSAGES.clientNotOfInquiry,
      });
    }
    clientId = inquiry.clientId;
    // The inquiry's office decides; the client record is read for its numbers and name only.
    return { client: await findClientPhones(db, clientId), inquiryId: ids.inquiryId };
  }
  if (!clientId) return { client: undefined, inquiryId: null };
  const client = await findClientPhones(db, clientId);
  if (!client || !mayCall(actor, client.officeId)) throw AppError.notFound('Client');
  return { client, inquiryId: null };
}

/**
 * The collection account a call works: within the caller's ALL_ACCOUNTS READ offices, else answered like one
 * that does not exist (404).
 */
async function requireCallAccount(db: Db, actor: Actor, id: string) {
  const account = await findReachableAccount(db, actor, id);
  if (!account) {
    throw new AppError('NOT_FOUND', CLICK_TO_CALL_MESSAGES.collectionAccountUnknown, {
      collectionAccountId: CLICK_TO_CALL_MESSAGES.collectionAccountUnknown,
    });
  }
  return account;
}

/**
 * GET /dropdown/smartDial: the client's numbers (SPEC §3 primary, secondary, mobile, home), labelled,
 * each once and only when it is a full 10-digit number the provider can dial. The opposing party's
 * phone is left out on purpose: intake staff do not call the other side of a matter.
 */
export async function smartDial(db: Db, actor: Actor, query: SmartDialQuery): Promise<SmartDialOption[]> {
  const { client } = await resolveTarget(db, actor, query);
  if (!client) return [];
  const seen = new Set<string>();
  const options: SmartDialOption[] = [];
  for (const field of CLIENT_PHONE_FIELDS) {
    const number = client[field];
    if (!number || number.length !== PHONE_DIGITS || seen.has(number)) continue;
    seen.add(number);
    options.push({
      phoneNumber: number,
      label: labelFromFieldName(field),
      clientId: client.id,
      clientName: clientDisplayName(client),
    });
  }
  return options;
}

/**
 * The phone rung first: the caller's stored click-to-call number by default, or one they name. A named
 * one must be their own (work, mobile or click-to-call), else anyone could have the firm's caller id
 * bridge a client to a phone outside the firm.
 */
function ownOperatorNumber(actor: Actor, requested: string | null | undefined): string {
  const { workNumber, mobileNumber, clickToCall } = actor.self;
  const number = requested || clickToCall;
  if (!number) {
    throw AppError.validation(CLICK_TO_CALL_MESSAGES.operatorMissing, {
      operatorNumber: CLICK_TO_CALL_MESSAGES.operatorMissing,
    });
  }
  if (![workNumber, mobileNumber, clickToCall].includes(number)) {
    throw AppError.validation(CLICK_TO_CALL_MESSAGES.operatorNotOwn, {
      operatorNumber: CLICK_TO_CALL_MESSAGES.operatorNotOwn,
    });
  }
  return number;
}

/**
 * POST /call/click2Call (SPEC §5): rings the operator's own phone, then bridges the participant under
 * the chosen office's outbound caller id, and records the OUTBOUND call.
 */
export async function clickToCall(
  db: Db,
  provider: CommunicationProvider,
  actor: Actor,
  request: ClickToCallRequest,
): Promise<CallRow> {
  const operatorNumber = ownOperatorNumber(actor, request.operatorNumber);
  const account = request.collectionAccountId
    ? await requireCallAccount(db, actor, request.collectionAccountId)
    : undefined;
  const offered = await listOutgoingCallNumbers(db, actor);
  const office = offered.find((o) => o.outboundCallerId === request.outboundCallerId);
  if (!office) {
    throw AppError.validation(CLICK_TO_CALL_MESSAGES.outgoingNotOffered, {
      outboundCallerId: CLICK_TO_CALL_MESSAGES.outgoingNotOffered,
    });
  }
  // A collection call is about the account's client: named, or taken from the account.
  const target = await resolveTarget(db, actor, { ...request, clientId: request.clientId ?? account?.clientId });
  if (account && target.client && target.client.id !== account.clientId) {
    throw AppError.validation(COLLECTION_ACCOUNT_MESSAGES.accountOfOtherClient, {
      collectionAccountId: COLLECTION_ACCOUNT_MESSAGES.accountOfOtherClient,
    });
  }
  if (account) {
    const contact = { actor, account, channel: 'CALL' as const, toNumber: request.participantNumber, at: new Date() };
    await guardCollectionContact(db, contact);
  }
  const started = await provider.startClickToCall({
    operatorNumber,
    participantNumber: request.participantNumber,
    outboundCallerId: office.outboundCallerId,
  });
  const callId = await db.transaction(async (tx) => {
    const id = await insertCall(tx, {
      direction: 'OUTBOUND',
      callStartTime: new Date(),
      callerId: office.outboundCallerId,
      numberDialed: request.participantNumber,
      operatorNumber,
      operatorId: actor.userId,
      officeId: office.id,
      clientId: target.client?.id ?? null,
      inquiryId: target.inquiryId,
      collectionAccountId: account?.id ?? null,
      title: target.client ? clientDisplayName(target.client) : formatPhone(request.participantNumber),
      providerCallSid: started.sid,
      status: started.status,
    });
    if (!id) throw AppError.conflict('The provider returned a call id that is already recorded.');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'call.click_to_call',
      entity: 'call',
      entityId: id,
      after: {
        officeId: office.id,
        clientId: target.client?.id ?? null,
        inquiryId: target.inquiryId,
        collectionAccountId: account?.id ?? null,
      },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return id;
  });
  return (await findCallRow(db, callId))!;
}
