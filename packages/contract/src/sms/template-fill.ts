/** SPEC §3 Template placeholders, in the spec's spelling. */
export const TEMPLATE_PLACEHOLDERS = [
  '@clientFirstName',
  '@clientLastName',
  '@balance',
  '@collectorName',
  '@payment',
  '@dueDate',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** The firm's own placeholders: the sending office (name, address, phone) and its review page. */
export const OFFICE_PLACEHOLDERS = ['@officeName', '@officeAddress', '@officePhone', '@reviewLink'] as const;
/** The signed link of the client's appointment; only a send that knows the appointment fills it (chat options). */
export const APPOINTMENT_PLACEHOLDERS = ['@appointmentLink'] as const;

/**
 * Every placeholder a template may use, in one place: the SPEC §3 six, then the office and appointment ones.
 * A template that uses any other `@word` is refused when saved (docs/correspondence-templates.md).
 */
export const ALL_TEMPLATE_PLACEHOLDERS = [
  ...TEMPLATE_PLACEHOLDERS,
  ...OFFICE_PLACEHOLDERS,
  ...APPOINTMENT_PLACEHOLDERS,
] as const;
export type AnyTemplatePlaceholder = (typeof ALL_TEMPLATE_PLACEHOLDERS)[number];

/** What fills each placeholder; a value left out keeps its placeholder in the text, for the user to edit. */
export interface TemplateValues {
  clientFirstName?: string | null;
  clientLastName?: string | null;
  balance?: string | null;
  collectorName?: string | null;
  payment?: string | null;
  dueDate?: string | null;
  officeName?: string | null;
  officeAddress?: string | null;
  officePhone?: string | null;
  reviewLink?: string | null;
  appointmentLink?: string | null;
}

const KEYS: Record<string, keyof TemplateValues> = Object.fromEntries(
  ALL_TEMPLATE_PLACEHOLDERS.map((p) => [p.slice(1).toLowerCase(), p.slice(1) as keyof TemplateValues]),
);

/**
 * What counts as a placeholder: `@` then a letter and letters, digits or underscores, where the `@` does not
 * follow a character an e-mail address's local part ends with. So `@clientFirstName.` and `@dueDate,` are
 * placeholders followed by punctuation, and `billing@balance.com` is an address, not `@balance`.
 */
const PLACEHOLDER_TOKEN = /(?<![A-Za-z0-9._%+-])@([A-Za-z][A-Za-z0-9_]*)/g;

/** Every placeholder-shaped word of a text (`@name`), as written, in order, without repeats. */
export function placeholderTokens(content: string): string[] {
  return [...new Set([...content.matchAll(PLACEHOLDER_TOKEN)].map((m) => m[0]))];
}

/** The placeholder a token names (any letter case), or undefined for a word that is none of them. */
export function knownPlaceholder(token: string): AnyTemplatePlaceholder | undefined {
  const key = KEYS[token.slice(1).toLowerCase()];
  return key ? (`@${key}` as AnyTemplatePlaceholder) : undefined;
}

/**
 * The placeholders still in a text after filling (no value was given for them), in the list's spelling. A send
 * refuses such a text rather than send '@balance' or a blank (docs/correspondence-templates.md).
 */
export function unfilledPlaceholders(content: string): AnyTemplatePlaceholder[] {
  const found = placeholderTokens(content).map(knownPlaceholder);
  return [...new Set(found.filter((p): p is AnyTemplatePlaceholder => p !== undefined))];
}

/**
 * Fills the placeholders of a template in one pass, any letter case (SPEC §5 writes both @dueDate and
 * @duedate). Values are inserted as they are: a value that itself contains '@payment' is not filled again.
 * A whole token is matched, so '@paymentPlan' is not '@payment' + 'Plan', and an e-mail address is left alone.
 */
export function fillTemplate(content: string, values: TemplateValues): string {
  return content.replace(PLACEHOLDER_TOKEN, (match, name: string) => {
    const key = KEYS[name.toLowerCase()];
    const value = key ? values[key] : undefined;
    return value == null ? match : value;
  });
}

/** SPEC §5 template mode: the term that allows payment placeholders. */
export const PAYMENT_PLAN_TERM = 'Payment Plan';

/**
 * SPEC §5: 'Term is not Payment Plan' shows when the term is not Payment Plan and the body contains
 * @payment or @duedate (any case, as the spec spells it both ways).
 */
export function termBlocksPaymentPlaceholders(term: string | null | undefined, body: string): boolean {
  if (term === PAYMENT_PLAN_TERM) return false;
  return /@payment|@duedate/i.test(body);
}
