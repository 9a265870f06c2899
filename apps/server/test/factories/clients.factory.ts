import type { Faker } from '@faker-js/faker';
import type { clients } from '../../src/modules/clients/clients.tables.ts';

export type NewClient = typeof clients.$inferInsert;

/** SPEC §5: phones are stored as their 10 digits (area code never starts with 0 or 1). */
const tenDigits = (faker: Faker) => faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9);

/** Keeps generated text inside the SPEC §5 limits so every seeded client passes the same rules as typed ones. */
const upTo = (text: string, max: number) => text.slice(0, max).trim();

/** A realistic client: US names, addresses and phones, some with the optional fields left empty. */
export function buildClient(faker: Faker, overrides: Partial<NewClient> = {}): NewClient {
  const sex = faker.person.sexType();
  const firstName = upTo(faker.person.firstName(sex), 30);
  const lastName = upTo(faker.person.lastName(), 30);
  const state = faker.location.state({ abbreviated: true });
  const street = upTo(faker.location.streetAddress(), 100);
  const city = upTo(faker.location.city(), 50);
  const zip = faker.location.zipCode('#####');
  const married = sex === 'female' && faker.datatype.boolean(0.3);
  return {
    firstName,
    lastName,
    middleName: faker.datatype.boolean(0.4) ? upTo(faker.person.middleName(sex), 30) : null,
    maidenName: married ? upTo(faker.person.lastName(), 30) : null,
    email: faker.datatype.boolean(0.8)
      ? faker.internet
          .email({
            firstName,
            lastName,
            provider: faker.helpers.arrayElement(['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com']),
          })
          .toLowerCase()
          .slice(-75)
      : null,
    placeOfBirth: faker.datatype.boolean(0.5)
      ? upTo(`${faker.location.city()}, ${faker.location.state({ abbreviated: true })}`, 50)
      : null,
    driverLicenseNumber: faker.datatype.boolean(0.6) ? faker.string.alphanumeric({ length: 9, casing: 'upper' }) : null,
    driverLicenseState: state,
    lmsClientNumber: faker.datatype.boolean(0.7) ? `LMS-${faker.string.numeric(7)}` : null,
    needlesClientNumber: faker.datatype.boolean(0.4) ? faker.string.numeric(8) : null,
    streetAddress: street,
    city,
    state,
    zipCode: zip,
    county: upTo(faker.location.county(), 50),
    country: 'United States',
    primaryNumber: tenDigits(faker),
    secondaryNumber: faker.datatype.boolean(0.2) ? tenDigits(faker) : null,
    mobileNumber: faker.datatype.boolean(0.7) ? tenDigits(faker) : null,
    homeNumber: faker.datatype.boolean(0.2) ? tenDigits(faker) : null,
    address: `${street}, ${city}, ${state} ${zip}`,
    // SPEC §5: a real date, not in the future, within 150 years; adults of 18 to 90.
    dateOfBirth: faker.date.birthdate({ mode: 'age', min: 18, max: 90 }).toISOString().slice(0, 10),
    autoText: faker.datatype.boolean(0.85),
    ...overrides,
  };
}

/** `count` clients at once (one INSERT in tests that need a planner-realistic table). */
export function buildClients(faker: Faker, count: number, overrides: Partial<NewClient> = {}): NewClient[] {
  return Array.from({ length: count }, () => buildClient(faker, overrides));
}
