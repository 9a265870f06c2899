import { describe, expect, it } from 'vitest';
import { apptStatusLabel, appointmentRowColour } from './row-colour.ts';

const now = new Date('2026-11-23T15:00:00Z');
const past = '2026-11-20T15:00:00Z';
const future = '2026-11-30T15:00:00Z';

describe('appointment row colours (SPEC §4)', () => {
  it('past appointments by stage', () => {
    const colour = (stageId: number) =>
      appointmentRowColour({ appointmentDateTime: past, stageId, apptStatus: 'CONFIRMED' }, now);
    expect([117, 118, 119, 120, 121, 122].map(colour)).toEqual(['green', 'green', 'red', 'red', 'red', 'blue']);
  });

  it('future appointments by apptStatus, whatever the stage', () => {
    const colour = (apptStatus: Parameters<typeof appointmentRowColour>[0]['apptStatus']) =>
      appointmentRowColour({ appointmentDateTime: future, stageId: 119, apptStatus }, now);
    expect(
      (
        [
          'CONFIRMED',
          'CONFIRMED_TEXT',
          'LEFT_MESSAGE',
          'NO_ANSWER',
          'NOT_CALLED',
          'RESCHEDULE_TEXT',
          'WAIT_LIST',
        ] as const
      ).map(colour),
    ).toEqual(['green', 'green', 'blue', 'red', 'red', 'pink', 'pink']);
    expect(colour(null)).toBeNull();
  });
});

describe('apptStatusLabel', () => {
  it('reads a code in words', () => {
    expect([apptStatusLabel('NOT_CALLED'), apptStatusLabel('CONFIRMED_TEXT'), apptStatusLabel(null)]).toEqual([
      'Not Called',
      'Confirmed Text',
      '',
    ]);
  });
});
