import { clientFieldsSchema } from '@casedesk/contract/clients/client';
import { base, en, en_US, Faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { buildClients } from '../../../test/factories/clients.factory.ts';

describe('demo clients (seed, tests, bench)', () => {
  it('pass the same SPEC §5 rules as typed clients: 10-digit phones, valid dates of birth, lengths', () => {
    const faker = new Faker({ locale: [en_US, en, base] });
    faker.seed(20261122);
    for (const client of buildClients(faker, 2000)) {
      const { officeId: _officeId, ...fields } = client;
      const result = clientFieldsSchema.safeParse(fields);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      for (const phone of [client.primaryNumber, client.secondaryNumber, client.mobileNumber, client.homeNumber]) {
        if (phone != null) expect(phone).toMatch(/^[2-9]\d{9}$/);
      }
    }
  });
});
