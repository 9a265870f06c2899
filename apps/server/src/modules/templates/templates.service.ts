import type { Template, TemplatePurpose, TemplateType } from '@casedesk/contract/templates/template';
import { TEMPLATE_TYPES } from '@casedesk/contract/templates/template';
import { TEMPLATE_PLACEHOLDERS } from '@casedesk/contract/sms/template-fill';
import type { Db } from '../../platform/db/database.ts';
import { findTemplateByPurpose, findTemplates } from './templates.repository.ts';

/** SPEC §7 template/all and template/byTemplateType (templateType upper case). */
export async function listTemplates(db: Db, templateType?: TemplateType): Promise<Template[]> {
  return findTemplates(db, templateType);
}

/** The seeded template a chat option sends (SPEC §2 chat options). */
export async function templateForPurpose(db: Db, purpose: TemplatePurpose): Promise<Template | undefined> {
  return findTemplateByPurpose(db, purpose);
}

/** SPEC §3 Template placeholders. */
export function listPlaceholders(): (typeof TEMPLATE_PLACEHOLDERS)[number][] {
  return [...TEMPLATE_PLACEHOLDERS];
}

export function listTemplateTypes(): TemplateType[] {
  return [...TEMPLATE_TYPES];
}
