import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import { addPaymentsAtScale } from './accounting-scenario.ts';
import { addCallsAtScale, addUsersAtScale } from './admin-scenario.ts';
import { addAppointmentsAtScale, addAttorneysAtScale } from './appointments-scenario.ts';
import { addMessagesAtScale } from './communication-scenario.ts';

/** The budgets' year: calls, their inquiries, payments and texts spread over the last 365 days up to now. */
const YEAR_DAYS = 365;

export interface DashboardSizes {
  users: number;
  attorneys: number;
  calls: number;
  appointments: number;
  payments: number;
  messages: number;
}

/**
 * A year of a firm's work for the three dashboards, through the other scenarios' seeders: users with the
 * seeded profiles (the operators calls, leads and appointments are given to), attorneys in every office,
 * calls with their outcomes and inquiries (leads), appointments over the year and the coming two weeks,
 * payments up to today and texts both ways.
 */
export async function addDashboardDataAtScale(
  database: Database,
  sizes: DashboardSizes,
  log: (line: string) => void,
): Promise<void> {
  const timed = async (what: string, add: () => Promise<unknown>) => {
    const started = performance.now();
    log(`Adding ${what}…`);
    await add();
    log(`  in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await timed(`users up to ${sizes.users}`, () => addUsersAtScale(database, sizes.users));
  await timed(`attorneys up to ${sizes.attorneys}`, () => addAttorneysAtScale(database, sizes.attorneys));
  await timed(`${sizes.calls} calls and their inquiries over ${YEAR_DAYS} days`, () =>
    addCallsAtScale(database, sizes.calls, log, { days: YEAR_DAYS, outcomes: true }),
  );
  await timed(`${sizes.appointments} appointments`, () => addAppointmentsAtScale(database, sizes.appointments, log));
  await timed(`${sizes.payments} payments up to today`, () =>
    addPaymentsAtScale(database, sizes.payments, log, { days: YEAR_DAYS, lastDayBack: 0 }),
  );
  await timed(`${sizes.messages} texts`, () => addMessagesAtScale(database, sizes.messages, YEAR_DAYS));
}
