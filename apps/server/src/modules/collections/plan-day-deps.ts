import type { Db } from '../../platform/db/database.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus.ts';

/** What the daily plan job works with. */
export interface PlanDayDeps {
  db: Db;
  /** Hands the reminder texts to the sms.send job after their commit. */
  jobs: Pick<Jobs, 'sendSoon'>;
  /** Tells the collectors' sockets that a notification arrived. */
  realtime: RealtimeBus;
  /** The instant the reminders are judged at (the contact rules' hours); absent: the clock. Tests fix it. */
  now?: () => Date;
}
