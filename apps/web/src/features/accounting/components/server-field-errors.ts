import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '@/lib/api-error.ts';

/**
 * Puts a 400's field messages on the form's fields (the server names them as the contract does; `fields` maps
 * them to the form's own names) and says whether any landed, so the caller shows the general message otherwise.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: ApiError,
  fields: Record<string, Path<T>>,
  setError: UseFormSetError<T>,
): boolean {
  const fieldErrors = Object.entries(error.body?.fieldErrors ?? {}).filter(([f]) => f in fields);
  for (const [f, message] of fieldErrors) setError(fields[f]!, { type: 'server', message: String(message) });
  return fieldErrors.length > 0;
}
