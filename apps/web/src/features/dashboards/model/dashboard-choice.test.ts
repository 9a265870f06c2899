import { describe, expect, it } from 'vitest';
import { dashboardChoice, landingOf } from './dashboard-choice.ts';

describe('landingOf (SPEC §2)', () => {
  it('follows defaultDashboard; OFFICE or unset gives the office dashboard', () => {
    expect(landingOf('CALL_CENTER')).toBe('CALL_CENTER');
    expect(landingOf('CORPORATE')).toBe('CORPORATE');
    expect(landingOf('OFFICE')).toBe('OFFICE');
    expect(landingOf(null)).toBe('OFFICE');
    expect(landingOf(undefined)).toBe('OFFICE');
  });
});

describe('dashboardChoice', () => {
  it('offers only the dashboards the user may open, in menu order', () => {
    expect(dashboardChoice(['CORPORATE', 'CALL_CENTER', 'OFFICE'], 'OFFICE', 'CORPORATE').options).toEqual([
      'CALL_CENTER',
      'OFFICE',
      'CORPORATE',
    ]);
    expect(dashboardChoice(['OFFICE'], 'OFFICE', 'OFFICE').options).toEqual(['OFFICE']);
  });

  it('offers to make another dashboard the landing one', () => {
    const choice = dashboardChoice(['CALL_CENTER', 'OFFICE', 'CORPORATE'], 'OFFICE', 'CORPORATE');
    expect(choice).toMatchObject({ landing: 'CORPORATE', currentIsLanding: false, canMakeDefault: true });
  });

  it('says the one on screen is already the landing one (unset counts as office)', () => {
    expect(dashboardChoice(['OFFICE'], 'OFFICE', null)).toMatchObject({
      landing: 'OFFICE',
      currentIsLanding: true,
      canMakeDefault: false,
    });
  });

  it('never offers a dashboard the user may not open as their landing one', () => {
    expect(dashboardChoice(['CALL_CENTER'], 'CORPORATE', 'CALL_CENTER').canMakeDefault).toBe(false);
  });
});
