import { describe, expect, it } from 'vitest';
import { isRemoved, toDirectoryPerson } from './graph-directory-mapping.ts';

/** Users in the shape Graph's /users/delta documents them (full round, then a delta round). */
const adele = {
  id: '87d349ed-44d7-43e1-9a83-5f2406dee5bd',
  displayName: 'Adele Vance',
  mail: 'AdeleV@contoso.example',
  userPrincipalName: 'AdeleV@contoso.example',
  jobTitle: 'Retail Manager',
  department: 'Miami',
  accountEnabled: true,
};
const known = {
  displayName: 'Adele Vance',
  mail: 'adelev@contoso.example',
  jobTitle: 'Retail Manager',
  accountEnabled: true,
};

describe('Graph user → directory person', () => {
  it('maps a full user: Graph id, mail as the sign-in name, accountEnabled, department as the office', () => {
    expect(toDirectoryPerson(adele)).toEqual({
      externalId: adele.id,
      userName: 'AdeleV@contoso.example',
      displayName: 'Adele Vance',
      jobTitle: 'Retail Manager',
      active: true,
      department: 'Miami',
    });
  });

  it('an account without a mailbox signs in with its userPrincipalName', () => {
    const person = toDirectoryPerson({ ...adele, mail: null, userPrincipalName: 'svc-intake@contoso.example' });
    expect(person?.userName).toBe('svc-intake@contoso.example');
  });

  it('a disabled account is inactive', () => {
    expect(toDirectoryPerson({ ...adele, accountEnabled: false })?.active).toBe(false);
  });

  it('in a delta round, absent properties keep what we hold; the office is not touched', () => {
    const person = toDirectoryPerson({ id: adele.id, jobTitle: 'Store Director' }, known);
    expect(person).toEqual({
      externalId: adele.id,
      userName: 'adelev@contoso.example',
      displayName: 'Adele Vance',
      jobTitle: 'Store Director',
      active: true,
    });
  });

  it('in a delta round, a property sent as null is cleared', () => {
    expect(toDirectoryPerson({ id: adele.id, jobTitle: null }, known)?.jobTitle).toBeNull();
  });

  it('a changed userPrincipalName does not replace the mail we hold', () => {
    expect(toDirectoryPerson({ id: adele.id, userPrincipalName: 'adele.v@contoso.example' }, known)?.userName).toBe(
      'adelev@contoso.example',
    );
  });

  it('a new user with neither mail nor userPrincipalName cannot be taken', () => {
    expect(toDirectoryPerson({ id: 'x', displayName: 'Nobody' })).toBeNull();
  });

  it('recognises a removed user', () => {
    expect(isRemoved({ id: adele.id, '@removed': { reason: 'changed' } })).toBe(true);
    expect(isRemoved(adele)).toBe(false);
  });
});
