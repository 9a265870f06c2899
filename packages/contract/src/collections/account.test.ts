import { describe, expect, it } from 'vitest';
import { collectionRowColour } from './account.ts';

describe('collectionRowColour (SPEC §4)', () => {
  const today = '2026-11-26';
  it('is red when the follow-up date has passed on an open account, whatever the status', () => {
    expect(collectionRowColour({ status: 'REVIEW', followUpDate: '2026-11-25' }, today)).toBe('red');
    expect(collectionRowColour({ status: 'ACTIVE', followUpDate: '2026-11-25' }, today)).toBe('red');
  });
  it('is not red for a follow-up due today or on a closed or paid account', () => {
    expect(collectionRowColour({ status: 'ACTIVE', followUpDate: today }, today)).toBeNull();
    expect(collectionRowColour({ status: 'PAID', followUpDate: '2026-01-01' }, today)).toBeNull();
  });
  it('is yellow for escalation and purple for review', () => {
    expect(collectionRowColour({ status: 'ESCALATION', followUpDate: null }, today)).toBe('yellow');
    expect(collectionRowColour({ status: 'REVIEW', followUpDate: '2026-12-01' }, today)).toBe('purple');
  });
});
