import { z } from 'zod';
import { TEMPLATE_PLACEHOLDERS } from '../sms/template-fill.ts';

/** SPEC §3 Template types; SPEC §7 sends them upper case. */
export const TEMPLATE_TYPES = ['TEXT', 'EMAIL', 'LETTER'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
/** The seeded templates the chat options send (SPEC §2 chat options) and the payment plans' reminder text. */
export const TEMPLATE_PURPOSES = [
  'REVIEW_MAIL',
  'REVIEW_TEXT',
  'WELCOME_TEXT',
  'MEETING_INSTRUCTIONS',
  'PAYMENT_REMINDER',
] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];

export const TEMPLATE_MESSAGES = {
  templateType: `Template Type must be one of ${TEMPLATE_TYPES.join(', ')}.`,
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
export const templatePlaceholderListSchema = z.array(z.enum(TEMPLATE_PLACEHOLDERS));
export const templateTypeListSchema = z.array(z.enum(TEMPLATE_TYPES));
