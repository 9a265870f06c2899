import { describe, expect, it } from 'vitest';
import { OFFICES, smsMessage } from '../test-utils.tsx';
import { initialsOf, templateValuesOf, textablePhone, valuesForAdd, valuesForMessage } from './text-form-values.ts';

describe('edit mode values (SPEC §4)', () => {
  it('an outbound text keeps its numbers: from the office, to the recipient', () => {
    const values = valuesForMessage(smsMessage({ direction: 'OUTBOUND' }), OFFICES);
    expect(values).toMatchObject({ fromNumber: '2135550100', toNumber: '3105550199', name: 'Ana Lopez' });
  });

  it('an inbound text is answered with the numbers swapped', () => {
    const inbound = smsMessage({
      direction: 'INBOUND',
      fromNumber: '3105550199',
      toNumber: '6195550100',
      participantNumber: '3105550199',
    });
    expect(valuesForMessage(inbound, OFFICES)).toMatchObject({ fromNumber: '6195550100', toNumber: '3105550199' });
  });

  it('an office number the user may not text from is left for them to choose', () => {
    const values = valuesForMessage(smsMessage({ fromNumber: '9995550100' }), OFFICES);
    expect(values.fromNumber).toBe('');
    expect(valuesForMessage(smsMessage({ fromNumber: '9995550100' }), [OFFICES[1]!]).fromNumber).toBe('6195550100');
  });
});

describe('add mode values', () => {
  it('a client fills Name and Phone with the mobile first; a single office is chosen', () => {
    const client = {
      id: 'c',
      firstName: 'Ana',
      middleName: null,
      lastName: 'Lopez',
      mobileNumber: null,
      primaryNumber: '3105550111',
      homeNumber: '3105550122',
      secondaryNumber: null,
    };
    const values = valuesForAdd({ client: client as never }, [OFFICES[0]!]);
    expect(values).toMatchObject({
      clientId: 'c',
      name: 'Ana Lopez',
      toNumber: '3105550111',
      fromNumber: '2135550100',
    });
    expect(valuesForAdd({ phoneNumber: '(310) 555-0199' }, OFFICES)).toMatchObject({
      toNumber: '3105550199',
      fromNumber: '',
    });
    expect(textablePhone({ ...client, mobileNumber: '4245550100' })).toBe('4245550100');
  });

  it('template names come from the client, else from the typed name', () => {
    expect(templateValuesOf({ firstName: 'Ana', lastName: 'Lopez' }, 'x')).toEqual({
      clientFirstName: 'Ana',
      clientLastName: 'Lopez',
    });
    expect(templateValuesOf(null, ' Mary Ann  Smith ')).toEqual({
      clientFirstName: 'Mary',
      clientLastName: 'Ann Smith',
    });
    expect(templateValuesOf(null, '')).toEqual({ clientFirstName: null, clientLastName: null });
  });

  it('initials of an avatar', () => {
    expect(initialsOf('Ana Maria Lopez')).toBe('AL');
    expect(initialsOf('olive')).toBe('O');
    expect(initialsOf('(310) 555-0199')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});
