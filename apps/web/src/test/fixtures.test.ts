import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appointmentRowSchema } from '@casedesk/contract/appointments/appointment';
import { attorneySummarySchema } from '@casedesk/contract/attorneys/attorney-list';
import { attorneyScheduleSchema, availabilityRecordSchema } from '@casedesk/contract/attorneys/attorney-schedule';
import { callRowSchema } from '@casedesk/contract/calls/call';
import { clientDetailSchema, clientSummarySchema } from '@casedesk/contract/clients/client';
import { dropdownOptionSchema } from '@casedesk/contract/dropdowns/dropdown';
import { inquiryDetailSchema } from '@casedesk/contract/inquiries/inquiry';
import { notificationSchema } from '@casedesk/contract/notifications/notification';
import { userDetailSchema } from '@casedesk/contract/users/user';
import {
  appointmentRow,
  attorneySchedule,
  attorneySummary,
  availabilityRecord,
  availableDays,
  callRow,
  clientDetail,
  clientSummary,
  dropdownOption,
  inquiryDetail,
  notification,
  userDetail,
} from './fixtures.ts';

const builders: [string, z.ZodType, unknown][] = [
  ['clientSummary', clientSummarySchema, clientSummary()],
  ['clientDetail', clientDetailSchema, clientDetail()],
  ['inquiryDetail', inquiryDetailSchema, inquiryDetail()],
  ['inquiryDetail without a client', inquiryDetailSchema, inquiryDetail({ client: null })],
  ['userDetail', userDetailSchema, userDetail()],
  ['dropdownOption', dropdownOptionSchema, dropdownOption('JURISDICTION', 'Nevada')],
  ['attorneySummary', attorneySummarySchema, attorneySummary()],
  ['attorneySchedule', attorneyScheduleSchema, attorneySchedule()],
  [
    'availabilityRecord',
    availabilityRecordSchema,
    availabilityRecord({ availableSlots: availableDays('2026-05-04', '2026-05-10') }),
  ],
  ['appointmentRow', appointmentRowSchema, appointmentRow()],
  ['callRow', callRowSchema, callRow()],
  ['notification', notificationSchema, notification()],
];

describe('fixtures', () => {
  it.each(builders)('%s is a valid answer under its contract schema', (_name, schema, built) => {
    const parsed = schema.safeParse(built);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('availableDays lists each day of the range once, across a month end', () => {
    expect(availableDays('2026-01-30', '2026-02-02').map((d) => d.date)).toEqual([
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
    ]);
  });

  it('an inquiry follows its client', () => {
    const client = clientDetail({ id: '00000000-0000-4000-8000-0000000000c1' });
    expect(inquiryDetail({ client }).clientId).toBe(client.id);
    expect(inquiryDetail({ client: null }).clientId).toBeNull();
  });
});
