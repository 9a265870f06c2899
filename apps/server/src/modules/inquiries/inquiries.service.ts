import type { AccessType } from '@casedesk/contract/access/permissions';
import { allowsRecord, scopeOf } from '@casedesk/contract/access/permissions';
import { FIELD_MESSAGES } from '@casedesk/contract/common/field-rules';
import { isUuid } from '@casedesk/contract/common/text';
import { intakeAnswerError, INTAKE_MESSAGES } from '@casedesk/contract/inquiries/intake-question';
import type { IntakeAnswers, IntakeQuestion } from '@casedesk/contract/inquiries/intake-question';
import type { CreateInquiry, InquiryDetail, UpdateInquiry } from '@casedesk/contract/inquiries/inquiry';
import { INQUIRY_MESSAGES } from '@casedesk/contract/inquiries/inquiry';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  createClientRecord,
  findClientDetail,
  requireLiveClient,
  updateClientFromLead,
} from '../clients/clients.service.ts';
import { listInquiryTexts } from '../sms/sms.service.ts';
import type { InquiryChanges, InquiryRow } from './inquiries.repository.ts';
import {
  findActiveLawType,
  findInquiriesOfClient,
  findInquiryRow,
  findIntakeQuestions,
  findLawType,
  findOpposingParty,
  findUserRef,
  insertInquiryRow,
  loadInquiryDetail,
  updateInquiryRow,
  upsertOpposingParty,
} from './inquiries.repository.ts';

/** SPEC §6: the offices the OFFICE condition on LEADS lets the caller reach with this access level. */
function leadsScope(actor: Actor, access: AccessType) {
  return scopeOf(actor.permissions, 'LEADS', access, 'OFFICE');
}

/** An inquiry the caller may reach with this access; others read as not found (no hint they exist). */
async function reachableInquiry(db: Db, actor: Actor, id: string, access: AccessType): Promise<InquiryRow> {
  const row = await findInquiryRow(db, id, leadsScope(actor, access));
  if (!row) throw AppError.notFound('Inquiry');
  return row;
}

/**
 * The inquiry with its client as stored (a merged-away client shows as the tombstone it is) and the texts
 * the caller's SMS READ reaches: LEADS access to the inquiry is no access to every text about it (SPEC §6).
 */
/** The inquiry with the calls and texts beside it that the caller's CALLS and SMS READ scopes reach. */
async function inquiryDetail(db: Db, actor: Actor, row: InquiryRow): Promise<InquiryDetail> {
  const [client, texts] = await Promise.all([findClientDetail(db, row.clientId), listInquiryTexts(db, actor, row.id)]);
  return loadInquiryDetail(db, row, client, texts, scopeOf(actor.permissions, 'CALLS', 'READ', 'OFFICE'));
}

/**
 * Whether the caller's LEADS access reaches an inquiry of this office: the rule findInquiryRow applies in
 * SQL, for a module that read the inquiry in a statement of its own (a booking reads it with the attorney).
 */
export function mayReachInquiry(actor: Actor, officeId: string | null, access: AccessType = 'READ'): boolean {
  return allowsRecord(actor.permissions, 'LEADS', access, { OFFICE: officeId });
}

/**
 * The office an inquiry belongs to, whoever asks: access administration explains who may reach it (the
 * caller's own right to look is checked there, not here).
 */
export async function findInquiryOffice(db: Db, id: string) {
  const row = await findInquiryRow(db, id, { kind: 'all' });
  return row && { id: row.id, clientId: row.clientId, officeId: row.officeId };
}

/** The inquiry's own ids (client, office, law type) within the caller's LEADS scope; other modules book against it. */
export async function requireInquiryRef(db: Db, actor: Actor, id: string, access: AccessType = 'READ') {
  const row = await reachableInquiry(db, actor, id, access);
  return { id: row.id, clientId: row.clientId, officeId: row.officeId, lawTypeId: row.lawTypeId };
}

export async function getInquiry(db: Db, actor: Actor, id: string): Promise<InquiryDetail> {
  return inquiryDetail(db, actor, await reachableInquiry(db, actor, id, 'READ'));
}

/** GET /intake/questions: `lawType` is the INQUIRY_LAW_TYPE option's id or its value. */
export async function listIntakeQuestions(db: Db, lawType: string): Promise<IntakeQuestion[]> {
  if (isUuid(lawType)) {
    const option = await findLawType(db, lawType);
    return option ? findIntakeQuestions(db, option.value) : [];
  }
  return findIntakeQuestions(db, lawType);
}

export async function listInquiriesOfClient(db: Db, actor: Actor, clientId: string) {
  return findInquiriesOfClient(db, clientId, leadsScope(actor, 'READ'));
}

/**
 * GET /inquiry/resetClient: read-only. The inquiry as the screen shows it with its client section
 * blank (clientId and client null), so the operator can choose another client or enter a new one.
 * Nothing is stored: the next PATCH attaches the choice (clientId of an existing client, or clientId
 * null with the new client's fields); the previous client record is never changed.
 */
export async function resetInquiryClient(db: Db, actor: Actor, id: string): Promise<InquiryDetail> {
  const detail = await inquiryDetail(db, actor, await reachableInquiry(db, actor, id, 'UPDATE'));
  return { ...detail, clientId: null, client: null };
}

/** SPEC §6: the office the lead is taken for must be one the caller's LEADS access reaches. */
function checkOffice(actor: Actor, access: AccessType, officeId: string | null) {
  if (!allowsRecord(actor.permissions, 'LEADS', access, { OFFICE: officeId })) {
    throw AppError.forbiddenBecause(INQUIRY_MESSAGES.officeOutOfScope);
  }
}

/** Law type, lead owner and intake answers checked against the database; messages keyed by form path. */
async function checkReferences(
  db: Db,
  lawTypeId: string | null,
  leadOwnerId: string | null | undefined,
  answers: IntakeAnswers,
  keptLawTypeId: string | null = null,
): Promise<void> {
  const fieldErrors: Record<string, string> = {};
  // A retired law type an inquiry already has stays valid on that inquiry; new choices must be active.
  const lawType = !lawTypeId
    ? undefined
    : lawTypeId === keptLawTypeId
      ? await findLawType(db, lawTypeId)
      : await findActiveLawType(db, lawTypeId);
  if (lawTypeId && !lawType) fieldErrors.lawTypeId = INQUIRY_MESSAGES.lawTypeUnknown;
  if (leadOwnerId && !(await findUserRef(db, leadOwnerId, true))) {
    fieldErrors.leadOwnerId = INQUIRY_MESSAGES.leadOwnerUnknown;
  }
  const questions = lawType ? await findIntakeQuestions(db, lawType.value) : [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const [questionId, answer] of Object.entries(answers)) {
    const question = byId.get(questionId);
    const message = question ? intakeAnswerError(question, answer) : INTAKE_MESSAGES.unknownQuestion;
    if (message) fieldErrors[`clientIntake.answers.${questionId}`] = message;
  }
  if (Object.keys(fieldErrors).length) {
    throw AppError.validation(Object.values(fieldErrors)[0]!, fieldErrors);
  }
}

/** Blank answers are not kept: an unanswered question simply has no entry. */
function answersToStore(answers: IntakeAnswers): IntakeAnswers {
  return Object.fromEntries(
    Object.entries(answers)
      .filter(([, a]) => a.trim() !== '')
      .map(([k, a]) => [k, a.trim()]),
  );
}

/** POST /inquiry: client (new or existing) + inquiry + opposing party in one transaction, audited. */
export async function createInquiry(db: Db, actor: Actor, body: CreateInquiry): Promise<InquiryDetail> {
  const existing = body.clientId ? await requireLiveClient(db, actor, body.clientId) : undefined;
  if (!existing && !body.client) {
    const required = {
      'client.firstName': FIELD_MESSAGES.required('First Name'),
      'client.lastName': FIELD_MESSAGES.required('Last Name'),
    };
    throw AppError.validation(INQUIRY_MESSAGES.clientRequired, required);
  }
  const officeId = body.officeId ?? existing?.officeId ?? actor.officeId ?? null;
  checkOffice(actor, 'CREATE', officeId);
  const answers = answersToStore(body.clientIntake?.answers ?? {});
  await checkReferences(db, body.lawTypeId ?? null, body.leadOwnerId, answers);

  const id = await db.transaction(async (tx) => {
    // A new lead brings its new client: LEADS CREATE covers writing it (audited by the clients module).
    // Changing an existing client is the clients module's call (CLIENT_PROFILE UPDATE in its office).
    const client = existing
      ? body.client
        ? await updateClientFromLead(tx, actor, existing, body.client)
        : existing
      : await createClientRecord(tx, actor, body.client!, officeId);
    const row = await insertInquiryRow(tx, {
      clientId: client.id,
      officeId,
      lawTypeId: body.lawTypeId ?? null,
      caseDescription: body.caseDescription ?? null,
      notes: body.notes ?? null,
      source: body.source ?? null,
      noApptReason: body.noApptReason ?? null,
      leadOwnerId: body.leadOwnerId ?? actor.userId,
      incidentDateTime: toDate(body.clientIntake?.mvaResponse.incidentDateTime) ?? null,
      intakeAnswers: answers,
      createdById: actor.userId,
    });
    await upsertOpposingParty(tx, row.id, body.intakeOpposingParty ?? {});
    await audit(tx, actor, 'inquiry.create', 'inquiry', row.id, null, {
      ...row,
      intakeOpposingParty: await findOpposingParty(tx, row.id),
    });
    return row.id;
  });
  return getInquiry(db, actor, id);
}

function toDate(value: string | null | undefined): Date | null | undefined {
  return value === undefined ? undefined : value === null ? null : new Date(value);
}

/** PATCH /inquiry: the given fields of the inquiry, its client and opposing party, in one transaction. */
export async function updateInquiry(db: Db, actor: Actor, id: string, body: UpdateInquiry): Promise<InquiryDetail> {
  const before = await reachableInquiry(db, actor, id, 'UPDATE');
  const officeId = body.officeId === undefined ? before.officeId : body.officeId;
  if (officeId !== before.officeId) checkOffice(actor, 'UPDATE', officeId);

  const lawTypeId = body.lawTypeId === undefined ? before.lawTypeId : body.lawTypeId;
  const lawTypeChanged = lawTypeId !== before.lawTypeId;
  // Answers belong to the law type's questions: a new law type starts from the answers given with it.
  const answers = body.clientIntake?.answers
    ? answersToStore(body.clientIntake.answers)
    : lawTypeChanged
      ? {}
      : before.intakeAnswers;
  await checkReferences(
    db,
    lawTypeId,
    body.leadOwnerId,
    body.clientIntake?.answers || lawTypeChanged ? answers : {},
    before.lawTypeId,
  );

  const switching = body.clientId !== undefined && body.clientId !== before.clientId;
  const target = switching && body.clientId ? await requireLiveClient(db, actor, body.clientId) : undefined;
  if (switching && !body.clientId && !isCompleteClient(body.client)) {
    throw AppError.validation(INQUIRY_MESSAGES.clientRequired, {
      'client.firstName': FIELD_MESSAGES.required('First Name'),
      'client.lastName': FIELD_MESSAGES.required('Last Name'),
    });
  }

  await db.transaction(async (tx) => {
    let clientId = before.clientId;
    if (switching && !body.clientId) {
      clientId = (await createClientRecord(tx, actor, body.client as NewClientFields, officeId)).id;
    } else if (switching) {
      clientId = target!.id;
    }
    if (body.client && !(switching && !body.clientId)) {
      await updateClientFromLead(tx, actor, await requireLiveClient(tx, actor, clientId, true), body.client);
    }
    const partyBefore = await findOpposingParty(tx, id);
    if (body.intakeOpposingParty) await upsertOpposingParty(tx, id, body.intakeOpposingParty);
    const changes: InquiryChanges = {
      clientId,
      officeId,
      lawTypeId,
      caseDescription: body.caseDescription,
      notes: body.notes,
      source: body.source,
      noApptReason: body.noApptReason,
      leadOwnerId: body.leadOwnerId,
      incidentDateTime: toDate(body.clientIntake?.mvaResponse.incidentDateTime),
      intakeAnswers: answers,
    };
    const after = await updateInquiryRow(tx, id, changes);
    await audit(
      tx,
      actor,
      'inquiry.update',
      'inquiry',
      id,
      { ...before, intakeOpposingParty: partyBefore },
      { ...after, intakeOpposingParty: await findOpposingParty(tx, id) },
    );
  });
  return getInquiry(db, actor, id);
}

type NewClientFields = NonNullable<CreateInquiry['client']>;

function isCompleteClient(client: UpdateInquiry['client']): client is NewClientFields {
  return Boolean(client?.firstName && client.lastName);
}

async function audit(
  db: Db,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  await recordAudit(db, {
    actorId: actor.userId,
    action,
    entity,
    entityId,
    before,
    after,
    ip: actor.ip,
    requestId: actor.requestId,
  });
}
