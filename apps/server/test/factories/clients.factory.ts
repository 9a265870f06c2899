import type { Faker } from '@faker-js/faker';
import type { clients } from '../../src/modules/clients/clients.tables.ts';

export type NewClient = typeof clients.$inferInsert;

const tenDigits = (faker: Faker) => faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9);

/** A realistic client: US names, addresses and phones, some with the optional fields left empty. */
export function buildClient(faker: Faker, overrides: Partial<NewClient> = {}): NewClient {
  const sex = faker.person.sexType();
  const firstName = faker.person.firstName(sex);
  const lastName = faker.person.lastName();
  const state = faker.location.state({ abbreviated: true });
  const street = faker.location.streetAddress();
  const city = faker.location.city();
  const zip = faker.location.zipCode('#####');
  const married = sex === 'female' && faker.datatype.boolean(0.3);
  return {
    firstName,
    lastName,
    middleName: faker.datatype.boolean(0.4) ? faker.person.middleName(sex) : null,
    maidenName: married ? faker.person.lastName() : null,
    email: faker.datatype.boolean(0.8)
      ? faker.internet
          .email({
            firstName,
            lastName,
            provider: faker.helpers.arrayElement(['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com']),
          })
          .toLowerCase()
      : null,
    placeOfBirth: faker.datatype.boolean(0.5)
      ? `${faker.location.city()}, ${faker.location.state({ abbreviated: true })}`
      : null,
    driverLicenseNumber: faker.datatype.boolean(0.6) ? faker.string.alphanumeric({ length: 9, casing: 'upper' }) : null,
    driverLicenseState: state,
    lmsClientNumber: faker.datatype.boolean(0.7) ? `LMS-${faker.string.numeric(7)}` : null,
    needlesClientNumber: faker.datatype.boolean(0.4) ? faker.string.numeric(8) : null,
    streetAddress: street,
    city,
    state,
    zipCode: zip,
    county: faker.location.county(),
    country: 'United States',
    primaryNumber: tenDigits(faker),
    secondaryNumber: faker.datatype.boolean(0.2) ? tenDigits(faker) : null,
    mobileNumber: faker.datatype.boolean(0.7) ? tenDigits(faker) : null,
    homeNumber: faker.datatype.boolean(0.2) ? tenDigits(faker) : null,
    address: `${street}, ${city}, ${state} ${zip}`,
    dateOfBirth: faker.date.birthdate({ mode: 'age', min: 18, max: 90 }).toISOString().slice(0, 10),
    autoText: faker.datatype.boolean(0.85),
    ...overrides,
  };
}
