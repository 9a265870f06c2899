import type { Scope } from '@casedesk/contract/access/permissions';
import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { officeScopeSql } from '../../platform/db/office-scope.ts';
import { clients } from '../clients/clients.tables.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAccounts as a, collectionTerms } from './collections.tables.ts';

const clientName = sql<string>`concat_ws(' ', ${clients.firstName}, ${clients.lastName})`;

/** What an export's heading names instead of the filter's ids (null where the filter names none, or none in scope). */
export interface AccountFilterNames {
  /** The offices covered: the filter's office, else every office in the scope. */
  offices: string[];
  collector: string | null;
  term: string | null;
  /** Null also when the client is in none of the caller's offices: an id typed into a filter reveals nobody. */
  client: string | null;
}

export async function findAccountFilterNames(
  db: Db,
  filter: CollectionAccountFilter,
  scope: Scope,
): Promise<AccountFilterNames> {
  const inScope = officeScopeSql(offices.id, scope);
  const covered = await db
    .select({ name: offices.name })
    .from(offices)
    .where(filter.officeId ? and(eq(offices.id, filter.officeId), inScope) : inScope)
    .orderBy(offices.name);
  const [collector] = filter.collectorId
    ? await db.select({ v: users.displayName }).from(users).where(eq(users.id, filter.collectorId))
    : [];
  const [term] = filter.termId
    ? await db.select({ v: collectionTerms.name }).from(collectionTerms).where(eq(collectionTerms.id, filter.termId))
    : [];
  const [client] = filter.clientId
    ? await db
        .select({ v: clientName })
        .from(clients)
        .where(
          and(
            eq(clients.id, filter.clientId),
            sql`exists (select 1 from ${a} where ${a.clientId} = ${clients.id} and ${officeScopeSql(a.officeId, scope) ?? sql`true`})`,
          ),
        )
    : [];
  return {
    offices: covered.map((o) => o.name),
    collector: collector?.v ?? null,
    term: term?.v ?? null,
    client: client?.v ?? null,
  };
}
