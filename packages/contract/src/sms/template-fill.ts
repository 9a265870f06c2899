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

/** What fills each placeholder; a value left out keeps its placeholder in the text, for the user to edit. */
export interface TemplateValues {
  clientFirstName?: string | null;
  clientLastName?: string | null;
  balance?: string | null;
  collectorName?: string | null;
  payment?: string | null;
  dueDate?: string | null;
}

const KEYS: Record<string, keyof TemplateValues> = {
  clientfirstname: 'clientFirstName',
  clientlastname: 'clientLastName',
  balance: 'balance',
  collectorname: 'collectorName',
  payment: 'payment',
  duedate: 'dueDate',
};

// Longest names first is not needed: no placeholder is a prefix of another followed by a letter,
// and the look-ahead keeps '@paymentPlan' from reading as '@payment' + 'Plan'.
const PLACEHOLDER = /@(clientFirstName|clientLastName|balance|collectorName|payment|dueDate)(?![A-Za-z0-9_])/gi;

/**
 * Fills the placeholders of a template in one pass, any letter case (SPEC §5 writes both @dueDate and
 * @duedate). Values are inserted as they are: a value that itself contains '@payment' is not filled again.
 */
export function fillTemplate(content: string, values: TemplateValues): string {
  return content.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[KEYS[name.toLowerCase()]!];
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
