import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updateUserSchema, USER_MESSAGES } from './user.ts';
import { dashboardPathFor } from './default-dashboard.ts';

describe('updateUserSchema', () => {
  it('stores phones as digits (SPEC §5) and accepts an empty value as a clear', () => {
    expect(updateUserSchema.parse({ workNumber: '(213) 555-0199', mobileNumber: '' })).toEqual({
      workNumber: '2135550199',
      mobileNumber: null,
    });
  });

  it('accepts exactly six digits as an extension (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (text) => {
        const result = updateUserSchema.safeParse({ phoneExtension: text });
        expect(result.success).toBe(text === '' || /^\d{6}$/.test(text));
        if (!result.success) expect(result.error.issues[0]?.message).toBe(USER_MESSAGES.extension);
      }),
    );
  });

  it('accepts a phone only when it has ten digits (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const digits = text.replace(/\D/g, '');
        expect(updateUserSchema.safeParse({ workNumber: text }).success).toBe(
          digits.length === 0 || digits.length === 10,
        );
      }),
    );
  });

  it('takes a Zoom link only as an https address on a named host, with the field message', () => {
    for (const ok of ['https://zoom.us/j/123', 'https://us02web.zoom.us/j/8?pwd=x', '']) {
      expect(updateUserSchema.safeParse({ zoomLink: ok }).success, ok).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'http://zoom.us/j/1', 'data:text/html,x', 'https:zoom.us', 'https://x']) {
      const result = updateUserSchema.safeParse({ zoomLink: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(USER_MESSAGES.zoomLink);
    }
  });

  it('refuses fields a user may not set', () => {
    expect(updateUserSchema.safeParse({ role: 'ADMIN' }).success).toBe(false);
    expect(updateUserSchema.safeParse({ accountEnabled: true }).success).toBe(false);
  });
});

describe('dashboardPathFor (SPEC §2)', () => {
  it('OFFICE or unset → office, CALL_CENTER → call centre, CORPORATE → corporate', () => {
    expect(dashboardPathFor('OFFICE')).toBe('/dashboard/dashboard-office');
    expect(dashboardPathFor(null)).toBe('/dashboard/dashboard-office');
    expect(dashboardPathFor(undefined)).toBe('/dashboard/dashboard-office');
    expect(dashboardPathFor('CALL_CENTER')).toBe('/dashboard/dashboard-call-center');
    expect(dashboardPathFor('CORPORATE')).toBe('/dashboard/dashboard-corporate');
  });
});
