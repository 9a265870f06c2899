/**
 * The attorneys module's query keys: every screen that reads an attorney endpoint imports them from here, so
 * one endpoint is cached under one key in one shape (two shapes under one key crash the screen read second).
 */
export const attorneyKeys = {
  all: ['attorneys'] as const,
  /** GET /attorney/allSchedule, as the contract's list response. */
  list: () => [...attorneyKeys.all, 'allSchedule'] as const,
  schedule: (attorneyId: string) => [...attorneyKeys.all, 'schedule', attorneyId] as const,
};
