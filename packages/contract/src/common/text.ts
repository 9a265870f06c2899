/** SPEC §5: field names in messages are shown with camel case split into words ("firstName" → "First Name"). */
export function labelFromFieldName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/** Phone numbers are stored as digits only (SPEC §5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** SPEC §5 phone format (###) ###-####; anything that is not 10 digits is shown as typed. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const d = digitsOnly(value);
  if (d.length !== 10) return value;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A uuid as PostgreSQL writes it; condition values and lookups are free text, and only these name a record. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** yyyy-MM-dd → MM-dd-yyyy for inputs; anything else is returned as it is. */
export function formatDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.slice(0, 10));
  return iso ? `${iso[2]}-${iso[3]}-${iso[1]}` : value;
}

/** "1 call", "2 calls", "0 texts": a count with its noun, plural unless the count is one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** A total as people read it ("1,000"), with "+" when it is only a lower bound (counting stopped there). */
export function formatTotal(count: number, isLowerBound = false): string {
  return `${count.toLocaleString('en-US')}${isLowerBound ? '+' : ''}`;
}
