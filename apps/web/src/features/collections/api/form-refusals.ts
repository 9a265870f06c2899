/** Refusals a form shows itself, under its fields or above its buttons (no error popup). */
export const FORM_REFUSALS = [400, 409, 422] as const;
