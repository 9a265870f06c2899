import type { AccessType } from '@casedesk/contract/access/permissions';
import { scopeOf } from '@casedesk/contract/access/permissions';
import type { AnyTemplatePlaceholder } from '@casedesk/contract/sms/template-fill';
import { ALL_TEMPLATE_PLACEHOLDERS, unfilledPlaceholders } from '@casedesk/contract/sms/template-fill';
import type {
  ManagedTemplate,
  Template,
  TemplateActive,
  TemplateCreate,
  TemplateManageQuery,
  TemplatePurpose,
  TemplateType,
  TemplateUpdate,
} from '@casedesk/contract/templates/template';
import { TEMPLATE_MESSAGES, TEMPLATE_TYPES } from '@casedesk/contract/templates/template';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  findManagedTemplate,
  findManagedTemplates,
  findTemplateByPurpose,
  findTemplates,
  insertTemplate,
  updateTemplateRow,
} from './templates.repository.ts';

/** SPEC §7 template/all and template/byTemplateType (templateType upper case): the active templates only. */
export async function listTemplates(db: Db, templateType?: TemplateType): Promise<Template[]> {
  return findTemplates(db, templateType);
}

/** The seeded template a chat option sends (SPEC §2 chat options). */
export async function templateForPurpose(db: Db, purpose: TemplatePurpose): Promise<Template | undefined> {
  return findTemplateByPurpose(db, purpose);
}

/** SPEC §3 Template placeholders, then the office and appointment ones the sends fill. */
export function listPlaceholders(): AnyTemplatePlaceholder[] {
  return [...ALL_TEMPLATE_PLACEHOLDERS];
}

export function listTemplateTypes(): TemplateType[] {
  return [...TEMPLATE_TYPES];
}

/** GET /api/v1/template/manage: every template, deactivated ones too, for collection management. */
export async function listManagedTemplates(db: Db, query: TemplateManageQuery): Promise<ManagedTemplate[]> {
  return findManagedTemplates(db, query);
}

/**
 * Templates serve every office, so they are changed only with Collection Management (its SPEC §6 ADMIN role
 * condition judged before the route) without an office condition, as the workflows that send them.
 */
function requireFirmWide(actor: Actor, access: AccessType): void {
  if (scopeOf(actor.permissions, 'COLLECTION_MANAGEMENT', access, 'OFFICE').kind !== 'all') {
    throw AppError.forbiddenBecause(TEMPLATE_MESSAGES.firmWide);
  }
}

const nameTaken = () => new AppError('CONFLICT', TEMPLATE_MESSAGES.nameTaken, { name: TEMPLATE_MESSAGES.nameTaken });
const notFound = () => new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);

/** A name another template holds is a 409 (the unique index decides, so two saves at once cannot both pass). */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const audited = ({ updatedAt: _u, label: _l, ...rest }: ManagedTemplate) => rest;

/** POST /api/v1/template: the content rules (placeholders, opt-out line) were judged by the contract's schema. */
export async function createTemplate(db: Db, actor: Actor, input: TemplateCreate): Promise<ManagedTemplate> {
  requireFirmWide(actor, 'CREATE');
  return writing(() =>
    db.transaction(async (tx) => {
      const id = await insertTemplate(tx, input);
      const created = (await findManagedTemplate(tx, id))!;
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'template.create',
        entity: 'templates',
        entityId: id,
        after: audited(created),
        ip: actor.ip,
        requestId: actor.requestId,
      });
      return created;
    }),
  );
}

/** PUT /api/v1/template: a template the product sends by purpose keeps its type (the sender expects it). */
export async function updateTemplate(db: Db, actor: Actor, input: TemplateUpdate): Promise<ManagedTemplate> {
  requireFirmWide(actor, 'UPDATE');
  const { id, ...values } = input;
  return writing(() =>
    db.transaction(async (tx) => {
      const before = await findManagedTemplate(tx, id, true);
      if (!before) throw notFound();
      if (before.purpose && before.templateType !== values.templateType) {
        throw AppError.validation(TEMPLATE_MESSAGES.purposeType, { templateType: TEMPLATE_MESSAGES.purposeType });
      }
      await updateTemplateRow(tx, id, values);
      const after = (await findManagedTemplate(tx, id))!;
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'template.update',
        entity: 'templates',
        entityId: id,
        before: audited(before),
        after: audited(after),
        ip: actor.ip,
        requestId: actor.requestId,
      });
      return after;
    }),
  );
}

/**
 * PUT /api/v1/template/active: deactivate (no longer offered to senders, nor sent by workflow steps) or
 * reactivate. Never deleted: sent texts, letters and workflow steps keep naming it. A template the product
 * sends by purpose (chat options, payment reminders) stays active.
 */
export async function setTemplateActive(db: Db, actor: Actor, input: TemplateActive): Promise<ManagedTemplate> {
  requireFirmWide(actor, 'UPDATE');
  return db.transaction(async (tx) => {
    const before = await findManagedTemplate(tx, input.id, true);
    if (!before) throw notFound();
    if (before.purpose && !input.active) {
      throw AppError.validation(TEMPLATE_MESSAGES.purposeActive, { active: TEMPLATE_MESSAGES.purposeActive });
    }
    if (before.active === input.active) return before;
    await updateTemplateRow(tx, input.id, { active: input.active });
    const after = (await findManagedTemplate(tx, input.id))!;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: input.active ? 'template.reactivate' : 'template.deactivate',
      entity: 'templates',
      entityId: input.id,
      before: { active: before.active },
      after: { active: after.active },
      ip: actor.ip,
      requestId: actor.requestId,
    });
    return after;
  });
}

/**
 * The send-time rule of templates (docs/correspondence-templates.md): a text going out with a placeholder nothing
 * filled is refused with a 400 naming each, rather than sent as '@balance' or a blank. Every path that sends or
 * prints a text calls it: texts, chat options, e-mails, letters, letter batches and drafts at their approval.
 */
export function refuseUnfilledPlaceholders(...texts: string[]): void {
  const unfilled = [...new Set(texts.flatMap(unfilledPlaceholders))];
  if (unfilled.length === 0) return;
  const message = TEMPLATE_MESSAGES.unfilled(unfilled);
  throw AppError.validation(message, { body: message });
}
