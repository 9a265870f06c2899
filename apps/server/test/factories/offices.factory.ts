import type { offices } from '../../src/modules/offices/offices.tables.ts';

export type NewOffice = typeof offices.$inferInsert;

const SEED_COUNTER = { next: 10 };

/** The firm's offices: six branch offices and the call centre, each with its own numbers and time zone. */
export const SEED_OFFICES: NewOffice[] = [
  office('Los Angeles', '213', 'CA', 'America/Los_Angeles', '350 S Grand Ave', '90071'),
  office('San Diego', '619', 'CA', 'America/Los_Angeles', '600 W Broadway', '92101'),
  office('Las Vegas', '702', 'NV', 'America/Los_Angeles', '3960 Howard Hughes Pkwy', '89169'),
  office('Phoenix', '602', 'AZ', 'America/Phoenix', '2 N Central Ave', '85004'),
  office('Dallas', '214', 'TX', 'America/Chicago', '2200 Ross Ave', '75201'),
  office('Miami', '305', 'FL', 'America/New_York', '200 S Biscayne Blvd', '33131'),
  {
    ...office('Call Center', '888', 'CA', 'America/Los_Angeles', '350 S Grand Ave', '90071'),
    officeType: 'CALL_CENTER',
  },
];

function office(name: string, area: string, state: string, timeZone: string, street: string, zip: string): NewOffice {
  const n = String(SEED_COUNTER.next++).padStart(2, '0');
  return {
    name,
    phone: `${area}55501${n}`,
    smsNumber: `${area}55502${n}`,
    outboundCallerId: `${area}55503${n}`,
    lmsOfficeId: `OFF-${n}`,
    email: `${name.toLowerCase().replace(/\s+/g, '')}@casedesk.local`,
    streetAddress: street,
    city: name === 'Call Center' ? 'Los Angeles' : name,
    state,
    zip,
    timeZone,
  };
}
