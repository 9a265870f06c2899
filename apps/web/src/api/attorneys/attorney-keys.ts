/**
 * The attorneys module's query keys: every screen that reads an attorney endpoint imports them from here, so
 * one endpoint is cached under one key in one shape (two shapes under one key crash the screen read second).
 */
import type { AvailabilityRequest } from './availability.ts';

export const attorneyKeys = {
  all: ['attorneys'] as const,
  /** GET /attorney/allSchedule, as the contract's list response. */
  list: () => [...attorneyKeys.all, 'allSchedule'] as const,
  schedule: (attorneyId: string) => [...attorneyKeys.all, 'schedule', attorneyId] as const,
  /** GET /attorney/availability: every answer, so a booking refreshes all free time on screen. */
  availabilities: () => [...attorneyKeys.all, 'availability'] as const,
  availability: (request: AvailabilityRequest) => [...attorneyKeys.availabilities(), request] as const,
  /** The calendar modal's answers for a range longer than one request may ask, joined in date order. */
  availabilityOverRange: (request: AvailabilityRequest) =>
    [...attorneyKeys.availabilities(), 'range', request] as const,
};
