import { describe, expect, it } from 'vitest';
import type { Permission } from '../access/permission-schemas.ts';
import { NEW_DIRECT, liveTextOf, subscribedTypes, typeOfLiveText } from './live-socket.ts';
import { subscribeMessageSchema } from './subscribe-message.ts';
import { NOTIFICATION_TYPES } from './notification-types.ts';

const read = (
  permissionType: Permission['permissionType'],
  conditionDTO: Permission['accessLevelDTO'][0]['conditionDTO'] = [],
) => ({ permissionType, accessLevelDTO: [{ accessType: 'READ', conditionDTO }] }) as Permission;
const createOnly = (permissionType: Permission['permissionType']): Permission => ({
  permissionType,
  accessLevelDTO: [{ accessType: 'CREATE', conditionDTO: [] }],
});

describe('subscribedTypes (SPEC §6)', () => {
  it('DIRECT always, even without any permission', () => {
    expect(subscribedTypes({ permissions: [] })).toEqual(['DIRECT']);
  });

  it('CALL with CALLS read, SMS with SMS read', () => {
    expect(subscribedTypes({ permissions: [read('CALLS')] })).toEqual(['DIRECT', 'CALL']);
    expect(subscribedTypes({ permissions: [read('SMS')] })).toEqual(['DIRECT', 'SMS']);
    expect(subscribedTypes({ permissions: [read('SMS'), read('CALLS')] })).toEqual(['DIRECT', 'CALL', 'SMS']);
  });

  it('another access type than READ is not enough', () => {
    expect(subscribedTypes({ permissions: [createOnly('CALLS'), createOnly('SMS')] })).toEqual(['DIRECT']);
  });

  it('office and category conditions do not narrow the subscription', () => {
    const sms = read('SMS', [{ conditionType: 'SMS_CATEGORY_TYPE', relationType: 'EQUALS', values: ['COLLECTIONS'] }]);
    const calls = read('CALLS', [{ conditionType: 'OFFICE', relationType: 'EQUALS', values: ['x'] }]);
    expect(subscribedTypes({ permissions: [sms, calls] })).toEqual(['DIRECT', 'CALL', 'SMS']);
  });

  it("a role condition holds only for the subject's role", () => {
    const calls = read('CALLS', [{ conditionType: 'USER_ROLE', relationType: 'EQUALS', values: ['MANAGER'] }]);
    expect(subscribedTypes({ permissions: [calls], role: 'MANAGER' })).toEqual(['DIRECT', 'CALL']);
    expect(subscribedTypes({ permissions: [calls], role: 'OPERATOR' })).toEqual(['DIRECT']);
  });
});

describe('live texts (SPEC §4)', () => {
  it('a direct notification is announced as NEW_DIRECT, any other by its type, and read back', () => {
    expect(liveTextOf('DIRECT')).toBe(NEW_DIRECT);
    for (const type of NOTIFICATION_TYPES) {
      expect(typeOfLiveText(liveTextOf(type))).toBe(type);
    }
    expect(liveTextOf('SMS')).toBe('SMS');
    expect(typeOfLiveText('DIRECT')).toBeUndefined();
    expect(typeOfLiveText('hello')).toBeUndefined();
  });
});

describe('subscribeMessageSchema', () => {
  const userId = '00000000-0000-4000-8000-000000000001';
  it('accepts the subscribable types and a user id', () => {
    expect(subscribeMessageSchema.parse({ notificationTypes: ['DIRECT', 'SMS'], userId })).toEqual({
      notificationTypes: ['DIRECT', 'SMS'],
      userId,
    });
  });

  it('refuses other types, extra keys and a missing user', () => {
    expect(subscribeMessageSchema.safeParse({ notificationTypes: ['ACCOUNT'], userId }).success).toBe(false);
    expect(subscribeMessageSchema.safeParse({ notificationTypes: [], userId, extra: 1 }).success).toBe(false);
    expect(subscribeMessageSchema.safeParse({ notificationTypes: ['DIRECT'] }).success).toBe(false);
  });
});
