import type {
  ManagedTemplate,
  Template,
  TemplateManageQuery,
  TemplatePurpose,
  TemplateType,
} from '@casedesk/contract/templates/template';
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { offices } from '../offices/offices.tables.ts';
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

/** The templates offered to senders: active ones only (a deactivated template is kept, not offered). */
export async function findTemplates(db: Db, templateType?: TemplateType): Promise<Template[]> {
  const active = eq(templates.active, true);
  const rows = await db
    .select(columns)
    .from(templates)
    .where(templateType ? and(active, eq(templates.templateType, templateType)) : active)
    .orderBy(asc(templates.name));
  return rows.map(withLabel);
}

export async function findTemplateByPurpose(db: Db, purpose: TemplatePurpose): Promise<Template | undefined> {
  const [row] = await db
    .select(columns)
    .from(templates)
    .where(and(eq(templates.purpose, purpose), eq(templates.active, true)));
  return row ? withLabel(row) : undefined;
}

const managedColumns = {
  ...columns,
  active: templates.active,
  collections: templates.collections,
  updatedAt: templates.updatedAt,
};
type ManagedRow = Omit<ManagedTemplate, 'label' | 'updatedAt'> & { updatedAt: Date };
const toManaged = (row: ManagedRow): ManagedTemplate => ({
  ...row,
  label: row.name,
  updatedAt: row.updatedAt.toISOString(),
});

/** Collection management's list: every template, active first, then by type and name. */
export async function findManagedTemplates(db: Db, query: TemplateManageQuery): Promise<ManagedTemplate[]> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const rows = await db
    .select(managedColumns)
    .from(templates)
    .where(
      and(
        query.templateType ? eq(templates.templateType, query.templateType) : undefined,
        pattern ? or(ilike(templates.name, pattern), ilike(templates.content, pattern)) : undefined,
      ),
    )
    .orderBy(desc(templates.active), asc(templates.templateType), asc(templates.name));
  return rows.map(toManaged);
}

export async function findManagedTemplate(db: Db, id: string, lock = false): Promise<ManagedTemplate | undefined> {
  const query = db.select(managedColumns).from(templates).where(eq(templates.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toManaged(row) : undefined;
}

export interface TemplateWrite {
  name: string;
  templateType: TemplateType;
  content: string;
  collections: boolean;
}

export async function insertTemplate(db: Db, values: TemplateWrite): Promise<string> {
  const [row] = await db.insert(templates).values(values).returning({ id: templates.id });
  return row!.id;
}

export async function updateTemplateRow(db: Db, id: string, values: Partial<TemplateWrite> & { active?: boolean }) {
  await db
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(templates.id, id));
}

/** The office placeholders' values (@officeName, @officeAddress, @officePhone) of one office. */
export async function findOfficeForPlaceholders(db: Db, officeId: string) {
  const [row] = await db
    .select({
      name: offices.name,
      phone: offices.phone,
      streetAddress: offices.streetAddress,
      city: offices.city,
      state: offices.state,
      zip: offices.zip,
    })
    .from(offices)
    .where(eq(offices.id, officeId));
  return row;
}
