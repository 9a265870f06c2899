import type {
  ExplainedRecordKind,
  ExplainRequest,
  ExplainResponse,
  WhoCanSeeResponse,
} from '@casedesk/contract/access/access-admin';
import { RELATION_LABELS } from '@casedesk/contract/access/access-admin';
import type { DescribeCondition } from '@casedesk/contract/access/access-rules';
import { decideRecordAccess } from '@casedesk/contract/access/access-rules';
import type { AccessType, PermissionType } from '@casedesk/contract/access/permissions';
import { scopeAllows } from '@casedesk/contract/access/permissions';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findAppointmentOffice, APPOINTMENT_READ_PERMISSIONS } from '../appointments/appointment-lists.service.ts';
import { findClientDetail } from '../clients/clients.service.ts';
import { findInquiryOffice } from '../inquiries/inquiries.service.ts';
import { requireUserAccessRow, userAccessScope } from './access-admin.service.ts';
import { findHoldersOf, findOfficeNames } from './access-admin.repository.ts';
import { findPermissionsOfUser } from './access.repository.ts';

/** The permission types that govern each kind of record, by access (as their services check them). */
const GOVERNING: Record<ExplainedRecordKind, Partial<Record<AccessType, readonly PermissionType[]>>> = {
  client: { READ: ['CLIENT_PROFILE'], UPDATE: ['CLIENT_PROFILE'] },
  inquiry: { READ: ['LEADS'], UPDATE: ['LEADS'] },
  appointment: { READ: APPOINTMENT_READ_PERMISSIONS, UPDATE: ['APPOINTMENT_SET'] },
};

interface ExplainedRecord {
  label: string;
  officeId: string | null;
}

async function findRecord(db: Db, kind: ExplainedRecordKind, id: string): Promise<ExplainedRecord> {
  const found =
    kind === 'client'
      ? await findClientDetail(db, id).then(
          (c) => c && { label: `Client ${c.firstName} ${c.lastName}`, officeId: c.officeId ?? null },
        )
      : kind === 'inquiry'
        ? await findInquiryOffice(db, id).then(
            (i) => i && { label: `Inquiry ${i.id.slice(0, 8)}`, officeId: i.officeId },
          )
        : await findAppointmentOffice(db, id).then(
            (a) => a && { label: `Appointment of ${a.clientName}`, officeId: a.officeId },
          );
  if (!found) throw AppError.notFound(kind === 'client' ? 'Client' : kind === 'inquiry' ? 'Inquiry' : 'Appointment');
  return found;
}

/**
 * The administrator may ask only about records in offices their USER_ACCESS READ reaches: the answer
 * names the record and its office, which is itself something to keep within scope.
 */
async function requireRecordInScope(db: Db, actor: Actor, kind: ExplainedRecordKind, id: string) {
  const scope = userAccessScope(actor, 'READ');
  const record = await findRecord(db, kind, id);
  if (!scopeAllows(scope, record.officeId)) throw AppError.notFound('Record');
  return record;
}

function describer(officeNames: Map<string, string>): DescribeCondition {
  return (condition) => {
    const values = condition.values.map((v) => (condition.conditionType === 'OFFICE' ? (officeNames.get(v) ?? v) : v));
    const subject = { OFFICE: 'office', USER_ROLE: 'role', SMS_CATEGORY_TYPE: 'SMS category type' }[
      condition.conditionType
    ];
    return `${subject} ${RELATION_LABELS[condition.relationType]} ${values.join(', ')}`;
  };
}

/** "What can this person do" with one record: read it? change it? and which permission decides. */
export async function explainRecordAccess(db: Db, actor: Actor, request: ExplainRequest): Promise<ExplainResponse> {
  const user = await requireUserAccessRow(db, actor, request.userId, 'READ');
  const record = await requireRecordInScope(db, actor, request.recordKind, request.recordId);
  const [permissions, officeNames] = await Promise.all([findPermissionsOfUser(db, user.id), findOfficeNames(db)]);
  const facts = { role: user.role, accountEnabled: user.accountEnabled, attributes: { OFFICE: record.officeId } };
  const governing = GOVERNING[request.recordKind];
  const decisions = (['READ', 'UPDATE'] as const).map((access) =>
    decideRecordAccess(permissions, facts, governing[access] ?? [], access, describer(officeNames)),
  );
  const officeName = record.officeId ? (officeNames.get(record.officeId) ?? null) : null;
  return { recordLabel: record.label, officeName, decisions };
}

/** "Who can see this": every enabled user whose access reads the record, and the permission that gives it. */
export async function whoCanSee(
  db: Db,
  actor: Actor,
  request: Omit<ExplainRequest, 'userId'>,
): Promise<WhoCanSeeResponse> {
  const record = await requireRecordInScope(db, actor, request.recordKind, request.recordId);
  const types = GOVERNING[request.recordKind].READ ?? [];
  const holders = await findHoldersOf(db, types, record.officeId);
  const seen = new Set<string>();
  const users: WhoCanSeeResponse['users'] = [];
  const describe = describer(new Map());
  for (const holder of holders) {
    if (seen.has(holder.id)) continue;
    const permissions = [{ permissionType: holder.permissionType, accessLevelDTO: holder.accessLevels }];
    const facts = { role: holder.role, accountEnabled: true, attributes: { OFFICE: record.officeId } };
    const decision = decideRecordAccess(permissions, facts, [holder.permissionType], 'READ', describe);
    if (!decision.allowed) continue;
    seen.add(holder.id);
    const { id, displayName, role, officeName } = holder;
    users.push({ id, displayName, role, officeName, permissionType: holder.permissionType });
  }
  return { recordLabel: record.label, users };
}
