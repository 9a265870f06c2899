import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { offices } from '../offices/offices.tables.ts';
import { users } from '../users/users.tables.ts';
import { collectionAssignmentRuleCollectors, collectionAssignmentRules } from './assignment-rules.tables.ts';

export interface AssignmentRuleRow {
  officeId: string;
  nextTurn: number;
  updatedAt: Date;
  updatedByName: string | null;
}

export interface RotationMember {
  officeId: string;
  position: number;
  collectorId: string;
  displayName: string;
}

/** Every office by name: the rules page lists each office the caller manages, with or without a rotation. */
export async function findOffices(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: offices.id, name: offices.name }).from(offices).orderBy(asc(offices.name), asc(offices.id));
}

export async function findAssignmentRules(db: Db, officeIds?: string[]): Promise<AssignmentRuleRow[]> {
  return db
    .select({
      officeId: collectionAssignmentRules.officeId,
      nextTurn: collectionAssignmentRules.nextTurn,
      updatedAt: collectionAssignmentRules.updatedAt,
      updatedByName: users.displayName,
    })
    .from(collectionAssignmentRules)
    .leftJoin(users, eq(users.id, collectionAssignmentRules.updatedById))
    .where(officeIds ? inArray(collectionAssignmentRules.officeId, officeIds) : undefined);
}

/** The rotations' collectors in turn order, with their names. */
export async function findRotationMembers(db: Db, officeIds?: string[]): Promise<RotationMember[]> {
  return db
    .select({
      officeId: collectionAssignmentRuleCollectors.officeId,
      position: collectionAssignmentRuleCollectors.position,
      collectorId: collectionAssignmentRuleCollectors.collectorId,
      displayName: users.displayName,
    })
    .from(collectionAssignmentRuleCollectors)
    .innerJoin(users, eq(users.id, collectionAssignmentRuleCollectors.collectorId))
    .where(officeIds ? inArray(collectionAssignmentRuleCollectors.officeId, officeIds) : undefined)
    .orderBy(asc(collectionAssignmentRuleCollectors.officeId), asc(collectionAssignmentRuleCollectors.position));
}

/** The office's turn, locked until the transaction ends: concurrent openings take turns one after another. */
export async function lockNextTurn(tx: Db, officeId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ nextTurn: collectionAssignmentRules.nextTurn })
    .from(collectionAssignmentRules)
    .where(eq(collectionAssignmentRules.officeId, officeId))
    .for('update');
  return row?.nextTurn;
}

export async function setNextTurn(tx: Db, officeId: string, nextTurn: number): Promise<void> {
  await tx.update(collectionAssignmentRules).set({ nextTurn }).where(eq(collectionAssignmentRules.officeId, officeId));
}

/** Replaces the office's rotation; the turn starts again at the first collector. An empty list removes the rule. */
export async function replaceRotation(tx: Db, officeId: string, collectorIds: string[], byId: string): Promise<void> {
  await tx.delete(collectionAssignmentRuleCollectors).where(eq(collectionAssignmentRuleCollectors.officeId, officeId));
  if (collectorIds.length === 0) {
    await tx.delete(collectionAssignmentRules).where(eq(collectionAssignmentRules.officeId, officeId));
    return;
  }
  const values = { officeId, nextTurn: 0, updatedById: byId, updatedAt: new Date() };
  await tx
    .insert(collectionAssignmentRules)
    .values(values)
    .onConflictDoUpdate({ target: collectionAssignmentRules.officeId, set: values });
  await tx
    .insert(collectionAssignmentRuleCollectors)
    .values(collectorIds.map((collectorId, position) => ({ officeId, position, collectorId })));
}
