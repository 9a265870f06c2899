import type { Template, TemplatePurpose, TemplateType } from '@casedesk/contract/templates/template';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { templates } from './templates.tables.ts';

const columns = {
  id: templates.id,
  name: templates.name,
  content: templates.content,
  templateType: templates.templateType,
  purpose: templates.purpose,
};

type Row = Omit<Template, 'label'>;
const withLabel = (row: Row): Template => ({ ...row, label: row.name });

export async function findTemplates(db: Db, templateType?: TemplateType): Promise<Template[]> {
  const query = db.select(columns).from(templates).$dynamic();
  const rows = await (templateType ? query.where(eq(templates.templateType, templateType)) : query).orderBy(
    asc(templates.name),
  );
  return rows.map(withLabel);
}

export async function findTemplateByPurpose(db: Db, purpose: TemplatePurpose): Promise<Template | undefined> {
  const [row] = await db.select(columns).from(templates).where(eq(templates.purpose, purpose));
  return row ? withLabel(row) : undefined;
}
