import { resolveUserByEmail } from '@casedesk/server/src/modules/users/users.service.ts';
import type { Actor } from '@casedesk/server/src/platform/auth/actor.ts';
import { actorOf } from '@casedesk/server/src/platform/auth/actor.ts';
import type { Database } from '@casedesk/server/src/platform/db/database.ts';

/** A seeded user as the services' actor, for recording a route's statements or measuring its service floor. */
export async function scenarioActor(database: Database, email: string): Promise<Actor> {
  const resolved = await resolveUserByEmail(database.db, email);
  if (!resolved) throw new Error(`${email} is not in the seeded database`);
  return actorOf(resolved, '127.0.0.1', 'bench');
}

/** The month `back` months before the current one, as yyyy-MM. */
export function monthBack(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}
