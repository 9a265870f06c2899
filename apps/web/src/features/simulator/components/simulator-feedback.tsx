import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, popupMessageOf } from '@/lib/api-error.ts';

/** Puts the server's field errors (same wording as the contract's) under the form's fields. */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): void {
  const fieldErrors = isApiError(error) ? error.body?.fieldErrors : undefined;
  for (const [field, message] of Object.entries(fieldErrors ?? {})) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<Values>, { type: 'server', message });
  }
}

interface SimulatorFeedbackProps {
  error: unknown;
  /** What was injected, once it was; null before. */
  success: ReactNode;
}

/** The outcome of the last injection, in plain words. */
export function SimulatorFeedback({ error, success }: SimulatorFeedbackProps) {
  if (error) {
    return (
      <Alert color="red" title="Not injected" role="alert">
        {popupMessageOf(error)}
      </Alert>
    );
  }
  if (!success) return null;
  return (
    <Alert color="green" title="Injected" role="status">
      {success}
    </Alert>
  );
}
