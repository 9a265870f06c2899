import { z } from 'zod';
import { ALL_TEMPLATE_PLACEHOLDERS } from '../sms/template-fill.ts';
import type { OPT_OUT_TEMPLATE_TYPES } from './template-rules.ts';
import { hasOptOutLine, unknownPlaceholders } from './template-rules.ts';

/** SPEC §3 Template types; SPEC §7 sends them upper case. */
export const TEMPLATE_TYPES = ['TEXT', 'EMAIL', 'LETTER'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
type OptOutTemplateType = (typeof OPT_OUT_TEMPLATE_TYPES)[number];
/** The seeded templates the chat options send (SPEC §2 chat options) and the payment plans' reminder text. */
export const TEMPLATE_PURPOSES = [
  'REVIEW_MAIL',
  'REVIEW_TEXT',
  'WELCOME_TEXT',
  'MEETING_INSTRUCTIONS',
  'PAYMENT_REMINDER',
] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];

export const TEMPLATE_NAME_MAX = 100;
/** A text template is at most one text (SPEC §5: 1600 characters); e-mails and letters are longer. */
export const TEMPLATE_CONTENT_MAX: Record<TemplateType, number> = { TEXT: 1600, EMAIL: 20_000, LETTER: 20_000 };
export const TEMPLATE_SEARCH_MAX = 100;

export const TEMPLATE_MESSAGES = {
  templateType: `Template Type must be one of ${TEMPLATE_TYPES.join(', ')}.`,
  name: 'Name is a required field.',
  nameLength: `Name must be ${TEMPLATE_NAME_MAX} characters or less.`,
  nameTaken: 'A template with this name already exists.',
  content: 'Content is a required field.',
  contentLength: (templateType: TemplateType) =>
    `Content must be ${TEMPLATE_CONTENT_MAX[templateType]} characters or less.`,
  unknownPlaceholders: (tokens: readonly string[]) =>
    `${tokens.length === 1 ? 'Unknown placeholder' : 'Unknown placeholders'} ${tokens.join(', ')}. ` +
    `Use only ${ALL_TEMPLATE_PLACEHOLDERS.join(', ')}.`,
  /** Regulation F §1006.6(e): a collector's electronic message says how to opt out. */
  optOut: {
    TEXT: 'A collection text template must tell the reader how to opt out: add “Reply STOP to opt out.”',
    EMAIL: 'A collection e-mail template must say how to opt out: add a line on how to unsubscribe.',
  } satisfies Record<OptOutTemplateType, string>,
  notFound: 'Template not found.',
  /** The chat options and the payment reminders send these by purpose: they stay active and of their type. */
  purposeActive:
    'This template is sent by the product itself (a chat option or the payment reminders): it stays active.',
  purposeType: 'This template is sent by the product itself (a chat option or the payment reminders): its type stays.',
  /** Templates serve every office, so an office-limited grant cannot change them. */
  firmWide: 'Templates serve every office: changing them needs Collection Management without an office condition.',
  /** At send time: a placeholder with no value refuses the text rather than send '@balance' or a blank. */
  unfilled: (placeholders: readonly string[]) =>
    placeholders.length === 1
      ? `${placeholders[0]} has no value here: fill it in or remove it before sending.`
      : `${placeholders.join(', ')} have no value here: fill them in or remove them before sending.`,
} as const;

/** SPEC §3 Template: `name` and `label` carry the same text (the spec names either). */
export const templateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  label: z.string(),
  content: z.string(),
  templateType: z.enum(TEMPLATE_TYPES),
  purpose: z.enum(TEMPLATE_PURPOSES).nullable(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateListSchema = z.array(templateSchema);

/** GET /api/v1/template/byTemplateType?templateType=TEXT (upper case, SPEC §7). */
export const templateTypeQuerySchema = z
  .object({ templateType: z.enum(TEMPLATE_TYPES, { error: TEMPLATE_MESSAGES.templateType }) })
  .strict();

/** GET /api/v1/template/placeHolders and /template/templateTypes. */
export const templatePlaceholderListSchema = z.array(z.enum(ALL_TEMPLATE_PLACEHOLDERS));
export const templateTypeListSchema = z.array(z.enum(TEMPLATE_TYPES));

/**
 * A template as collection management sees it: also deactivated ones (never deleted), and whether it is a
 * collection template (its texts and e-mails must carry an opt-out line). An e-mail's subject is its name.
 */
export const managedTemplateSchema = templateSchema.extend({
  active: z.boolean(),
  collections: z.boolean(),
  updatedAt: z.string(),
});
export type ManagedTemplate = z.infer<typeof managedTemplateSchema>;
export const managedTemplateListSchema = z.array(managedTemplateSchema);

/** GET /api/v1/template/manage: every template, active first, by type and name; optional type and search. */
export const templateManageQuerySchema = z
  .object({
    templateType: z.enum(TEMPLATE_TYPES, { error: TEMPLATE_MESSAGES.templateType }).optional(),
    search: z.string().trim().max(TEMPLATE_SEARCH_MAX).optional(),
  })
  .strict();
export type TemplateManageQuery = z.infer<typeof templateManageQuerySchema>;

/** The content rules a saved template obeys: its length, no unknown placeholder, a collection's opt-out line. */
function checkContent(
  value: { templateType: TemplateType; content: string; collections: boolean },
  ctx: z.RefinementCtx,
): void {
  const { templateType, content } = value;
  // The fields' own issues are reported already; the content rules need both as valid values.
  if (typeof content !== 'string' || !TEMPLATE_TYPES.includes(templateType)) return;
  if (content.length > TEMPLATE_CONTENT_MAX[templateType]) {
    ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.contentLength(templateType), path: ['content'] });
    return;
  }
  const unknown = unknownPlaceholders(content);
  if (unknown.length > 0) {
    ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.unknownPlaceholders(unknown), path: ['content'] });
    return;
  }
  if (
    value.collections &&
    (templateType === 'TEXT' || templateType === 'EMAIL') &&
    !hasOptOutLine(templateType, content)
  ) {
    ctx.addIssue({ code: 'custom', message: TEMPLATE_MESSAGES.optOut[templateType], path: ['content'] });
  }
}

const templateFields = {
  name: z
    .string({ error: TEMPLATE_MESSAGES.name })
    .trim()
    .min(1, TEMPLATE_MESSAGES.name)
    .max(TEMPLATE_NAME_MAX, TEMPLATE_MESSAGES.nameLength),
  templateType: z.enum(TEMPLATE_TYPES, { error: TEMPLATE_MESSAGES.templateType }),
  content: z.string({ error: TEMPLATE_MESSAGES.content }).trim().min(1, TEMPLATE_MESSAGES.content),
  /** A collection template: a collector's text or e-mail, which must carry an opt-out line (Regulation F). */
  collections: z.boolean().default(false),
};

/** POST /api/v1/template */
export const templateCreateSchema = z.object(templateFields).strict().superRefine(checkContent);
export type TemplateCreate = z.output<typeof templateCreateSchema>;
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

/** PUT /api/v1/template: the whole template again (name, type, content, collections). */
export const templateUpdateSchema = z
  .object({ id: z.uuid({ error: TEMPLATE_MESSAGES.notFound }), ...templateFields })
  .strict()
  .superRefine(checkContent);
export type TemplateUpdate = z.output<typeof templateUpdateSchema>;

/** PUT /api/v1/template/active: deactivate (senders no longer see it) or reactivate; never deleted. */
export const templateActiveSchema = z
  .object({ id: z.uuid({ error: TEMPLATE_MESSAGES.notFound }), active: z.boolean() })
  .strict();
export type TemplateActive = z.infer<typeof templateActiveSchema>;

/**
 * POST /api/v1/template/preview: a content (saved or not) filled for a collection account (its client, balance,
 * collector, next instalment and office) or a client (names and office); neither fills nothing.
 */
export const templatePreviewRequestSchema = z
  .object({
    templateType: z.enum(TEMPLATE_TYPES, { error: TEMPLATE_MESSAGES.templateType }),
    content: z.string({ error: TEMPLATE_MESSAGES.content }).max(TEMPLATE_CONTENT_MAX.EMAIL),
    collections: z.boolean().default(false),
    collectionAccountId: z.uuid().nullish(),
    clientId: z.uuid().nullish(),
  })
  .strict();
export type TemplatePreviewRequest = z.output<typeof templatePreviewRequestSchema>;
export type TemplatePreviewRequestInput = z.input<typeof templatePreviewRequestSchema>;

export const templatePreviewSchema = z.object({
  /** The content with every placeholder that has a value filled; the others stay as written. */
  content: z.string(),
  /** Placeholders with no value for this recipient: a send would be refused naming them. */
  missing: z.array(z.string()),
  /** Placeholder-shaped words that are none of the placeholders: saving is refused. */
  unknown: z.array(z.string()),
  /** The rule the content breaks for saving (unknown placeholder, opt-out line), in the save's words; else null. */
  problem: z.string().nullable(),
  /** SPEC §5: @payment or @dueDate on a recipient whose term is not Payment Plan ('Term is not Payment Plan'). */
  termNotPaymentPlan: z.boolean(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** The save-time problem of a content, in the save's words, or null: the preview shows it as the save would. */
export function templateContentProblem(value: {
  templateType: TemplateType;
  content: string;
  collections: boolean;
}): string | null {
  const result = templateCreateSchema.safeParse({ name: 'preview', ...value });
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === 'content')?.message ?? null;
}
