import { describe, expect, it } from 'vitest';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import { fakeApi } from '@/test/fake-api.ts';
import { getActiveDropdowns } from './active-dropdowns.ts';

const OPTION: DropdownOption = {
  id: '11111111-1111-4111-8111-111111111111',
  value: 'Personal Injury',
  label: 'Personal Injury',
  dropdownType: 'INQUIRY_LAW_TYPE',
  active: true,
  groupType: null,
};

describe('getActiveDropdowns', () => {
  it('POSTs the type as filter.dropdownType with isActive in the query (SPEC §7)', async () => {
    const api = fakeApi({ 'POST /api/v1/dropdown/active': [OPTION] });
    expect(await getActiveDropdowns('INQUIRY_LAW_TYPE')).toEqual([OPTION]);
    expect(api.requests).toHaveLength(1);
    const [call] = api.requests;
    expect(call!.url).toBe('/api/v1/dropdown/active?isActive=true');
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual({ filter: { dropdownType: 'INQUIRY_LAW_TYPE' } });
  });
});
