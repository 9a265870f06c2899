import { describe, expect, it } from 'vitest';
import {
  activeDropdownQuerySchema,
  activeDropdownRequestSchema,
  DROPDOWN_MESSAGES,
  officeDropdownQuerySchema,
} from './dropdown.ts';

describe('dropdown contract', () => {
  it('isActive defaults to true and reads the query strings true/false only', () => {
    expect(activeDropdownQuerySchema.parse({})).toEqual({ isActive: true });
    expect(activeDropdownQuerySchema.parse({ isActive: 'false' })).toEqual({ isActive: false });
    expect(activeDropdownQuerySchema.safeParse({ isActive: 'yes' }).error?.issues[0]?.message).toBe(
      DROPDOWN_MESSAGES.isActive,
    );
  });

  it('names the seeded types in its message', () => {
    const result = activeDropdownRequestSchema.safeParse({ filter: { dropdownType: 'COLOUR' } });
    expect(result.error?.issues[0]?.message).toBe(
      'Dropdown Type must be one of INQUIRY_LAW_TYPE, JURISDICTION, SMS_CATEGORY, SMS_REASON.',
    );
  });

  it('officeDropdownType is one of the documented screens', () => {
    expect(officeDropdownQuerySchema.parse({ officeDropdownType: 'SMS' })).toEqual({ officeDropdownType: 'SMS' });
    expect(officeDropdownQuerySchema.safeParse({}).error?.issues[0]?.message).toBe(
      DROPDOWN_MESSAGES.officeDropdownType,
    );
  });
});
