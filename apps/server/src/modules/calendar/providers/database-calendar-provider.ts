import type { Db } from '../../../platform/db/database.ts';
import { findEvents } from '../calendar.repository.ts';
import { toCalendarEvent } from '../calendar.service.ts';
import type { CalendarProvider } from './calendar-provider.ts';

/**
 * The default (DESIGN §1): calendar_events is the calendar. Writes are already there when a service commits
 * them, so creating returns our own id and the other writes have nothing left to do; events stay LOCAL.
 */
export function databaseCalendarProvider(db: Db): CalendarProvider {
  return {
    name: 'database',
    async listEvents(owner, start, end) {
      const rows = await findEvents(db, [owner.attorneyId], start, end);
      return rows.map((row) => ({ ...toCalendarEvent(row, owner.name), busy: true, private: false }));
    },
    async createEvent(_owner, event) {
      return event.id;
    },
    async updateEvent() {},
    async cancelEvent() {},
  };
}
