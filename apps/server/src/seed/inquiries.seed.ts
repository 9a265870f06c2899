import type { Faker } from '@faker-js/faker';
import { and, eq, inArray } from 'drizzle-orm';
import type { AnswerType } from '@casedesk/contract/inquiries/intake-question';
import { calls } from '../modules/calls/calls.tables.ts';
import { clients } from '../modules/clients/clients.tables.ts';
import { dropdownOptions } from '../modules/dropdowns/dropdowns.tables.ts';
import { inquiries, inquiryOpposingParties, intakeQuestions } from '../modules/inquiries/inquiries.tables.ts';
import { smsMessages } from '../modules/sms/sms.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db } from '../platform/db/database.ts';

type Q = [question: string, answerType: AnswerType, choices?: string[], required?: boolean];

const YES_NO: AnswerType = 'YES_NO';

/** Intake questions by law type (the INQUIRY_LAW_TYPE values of reference-data.ts). */
export const INTAKE_QUESTIONS: Record<string, Q[]> = {
  'Personal Injury': [
    [
      'What type of accident was it?',
      'CHOICE',
      ['Car', 'Truck', 'Motorcycle', 'Pedestrian', 'Slip and fall', 'Dog bite', 'Other'],
      true,
    ],
    ['Were you injured?', YES_NO, undefined, true],
    ['Did you receive medical treatment?', YES_NO],
    ['Was a police report filed?', YES_NO],
    ['Which insurance company covers the other party?', 'TEXT'],
    ['Were you at fault?', 'CHOICE', ['No', 'Partly', 'Yes', 'Not sure']],
    ['Date you first saw a doctor (MM-dd-yyyy)', 'DATE'],
    ['Describe your injuries', 'TEXT'],
  ],
  "Workers' Compensation": [
    ['Who is your employer?', 'TEXT', undefined, true],
    ['Did you report the injury to your employer?', YES_NO],
    ['Date of the injury (MM-dd-yyyy)', 'DATE'],
    ['Are you still working?', YES_NO],
    ['How were you injured?', 'CHOICE', ['Lifting', 'Fall', 'Repetitive strain', 'Machinery', 'Vehicle', 'Other']],
    ['Has a claim been filed?', YES_NO],
  ],
  'Family Law': [
    [
      'What is the matter about?',
      'CHOICE',
      ['Divorce', 'Custody', 'Child support', 'Spousal support', 'Adoption', 'Restraining order'],
      true,
    ],
    ['Are there children under 18?', YES_NO],
    ['Date of marriage (MM-dd-yyyy)', 'DATE'],
    ['Is there a court date already?', YES_NO],
    ['Does the other party have an attorney?', YES_NO],
  ],
  'Criminal Defense': [
    ['What are the charges?', 'TEXT', undefined, true],
    ['Is the person in custody?', YES_NO],
    ['Next court date (MM-dd-yyyy)', 'DATE'],
    ['Is this a felony or a misdemeanor?', 'CHOICE', ['Felony', 'Misdemeanor', 'Infraction', 'Not sure']],
    ['Any prior convictions?', YES_NO],
    ['Which county is the case in?', 'TEXT'],
  ],
  Immigration: [
    [
      'What do you need help with?',
      'CHOICE',
      ['Visa', 'Green card', 'Citizenship', 'Asylum', 'Deportation defense', 'Work permit'],
      true,
    ],
    ['Country of citizenship', 'TEXT'],
    ['Are you currently in the United States?', YES_NO],
    ['Do you have a pending application?', YES_NO],
    ['Date of entry to the US (MM-dd-yyyy)', 'DATE'],
  ],
  Bankruptcy: [
    [
      'Approximate total debt',
      'CHOICE',
      ['Under $10,000', '$10,000–$50,000', '$50,000–$100,000', 'Over $100,000'],
      true,
    ],
    ['Do you own a home?', YES_NO],
    ['Are wages being garnished?', YES_NO],
    ['Have you filed for bankruptcy before?', YES_NO],
    ['Main kind of debt', 'CHOICE', ['Credit cards', 'Medical', 'Mortgage', 'Business', 'Taxes', 'Other']],
  ],
  Employment: [
    [
      'What happened at work?',
      'CHOICE',
      ['Wrongful termination', 'Discrimination', 'Harassment', 'Unpaid wages', 'Retaliation', 'Other'],
      true,
    ],
    ['Employer name', 'TEXT'],
    ['Are you still employed there?', YES_NO],
    ['Last day of work (MM-dd-yyyy)', 'DATE'],
    ['Did you complain to HR?', YES_NO],
    ['How many employees does the employer have?', 'CHOICE', ['Under 5', '5–14', '15–49', '50 or more']],
  ],
  'Estate Planning': [
    ['What do you need?', 'CHOICE', ['Will', 'Trust', 'Probate', 'Power of attorney', 'Healthcare directive'], true],
    ['Do you have an existing will or trust?', YES_NO],
    ['Do you own real estate?', YES_NO],
    ['Number of beneficiaries', 'TEXT'],
    ['Is a family member recently deceased?', YES_NO],
  ],
};

const SOURCES = ['Google Ads', 'Referral', 'TV', 'Radio', 'Website', 'Facebook', 'Billboard', 'Walk-in', 'Yelp'];
const NO_APPT_REASONS = [
  'Not interested',
  'No case',
  'Conflict of interest',
  'Statute of limitations',
  'Call back later',
  'Already has an attorney',
];
/** What an operator writes down on the first call, by law type. */
const CASE_DESCRIPTIONS: Record<string, string[]> = {
  'Personal Injury': [
    'Rear-ended at a red light; neck and back pain since, went to urgent care the next day.',
    'T-boned in an intersection by a driver who ran a stop sign. Car totaled, wrist fracture.',
    'Slipped on a wet floor at a grocery store, no warning sign. Knee injury, seeing a specialist.',
    'Bitten by a neighbor’s dog while walking; stitches on the left forearm.',
  ],
  "Workers' Compensation": [
    'Injured lower back lifting boxes at the warehouse; employer has not filed a claim.',
    'Fell from a ladder on a job site, broken ankle, out of work six weeks.',
    'Repetitive strain in both wrists from assembly line work; doctor recommends surgery.',
  ],
  'Family Law': [
    'Wants to file for divorce after 12 years of marriage; two children, shared home.',
    'Seeking to modify custody; other parent moved out of state.',
    'Needs a restraining order; ex-partner has been calling and showing up at work.',
  ],
  'Criminal Defense': [
    'Arrested for DUI last weekend; first offense, court date next month.',
    'Son charged with shoplifting; misdemeanor, arraignment scheduled.',
    'Charged with possession; was a passenger in the car that was searched.',
  ],
  Immigration: [
    'Green card application through spouse; interview notice received.',
    'Work permit expiring in 60 days; renewal not yet filed.',
    'Family member detained; needs help with deportation defense.',
  ],
  Bankruptcy: [
    'Credit card and medical debt around $60k; wages being garnished.',
    'Behind on mortgage; wants to know if Chapter 13 could save the house.',
  ],
  Employment: [
    'Fired two weeks after reporting a safety issue; suspects retaliation.',
    'Not paid overtime for a year; worked 50+ hours most weeks.',
    'Harassment by a supervisor; HR did not act on the complaint.',
  ],
  'Estate Planning': [
    'Wants a will and a living trust; owns a home and two rental properties.',
    'Father passed away without a will; family needs help with probate.',
  ],
};
const NOTES = [
  'Prefers texts after 5 pm.',
  'Spanish speaker; asked for a bilingual attorney.',
  'Will send photos of the scene by text.',
  'Left voicemail, no answer on the second call.',
  'Has the police report number.',
  'Referred by a former client.',
  'Asked about fees; explained contingency.',
  'Call back Monday morning.',
];
const INBOUND_TEXTS = [
  'Hi, I was in an accident yesterday and need help.',
  'Can someone call me back this afternoon?',
  'Thanks, I will bring the police report.',
  'What documents do I need for the appointment?',
  'I need to reschedule, something came up.',
];
const OUTBOUND_TEXTS = [
  'Thank you for contacting us. An intake specialist will call you shortly.',
  'Your consultation is confirmed. Reply YES to confirm.',
  'Please bring any photos, medical records and the police report.',
  'We tried to reach you. Please call us back at your convenience.',
];

const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Answers to about two thirds of the questions, each fitting its answer type. */
function answersFor(faker: Faker, questions: (typeof intakeQuestions.$inferSelect)[]): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const q of questions) {
    if (!faker.datatype.boolean(0.65)) continue;
    if (q.answerType === 'YES_NO') answers[q.id] = faker.helpers.arrayElement(['Yes', 'No']);
    else if (q.answerType === 'CHOICE' && q.choices?.length) answers[q.id] = faker.helpers.arrayElement(q.choices);
    else if (q.answerType === 'DATE') {
      const d = faker.date.recent({ days: 200 });
      const pad = (n: number) => String(n).padStart(2, '0');
      answers[q.id] = `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}-${d.getUTCFullYear()}`;
    } else if (q.answerType === 'TEXT') {
      answers[q.id] = faker.helpers.arrayElement(['Not sure yet', 'Will confirm by text', 'See notes']);
    }
  }
  return answers;
}

/** Intake questions for every law type, then `total` demo inquiries with calls and texts (batch inserts). */
export async function seedInquiries(db: Db, faker: Faker, total = 300): Promise<void> {
  const questionRows = Object.entries(INTAKE_QUESTIONS).flatMap(([lawType, questions]) =>
    questions.map(([question, answerType, choices, required], sortOrder) => ({
      lawType,
      question,
      answerType,
      choices: choices ?? null,
      required: required ?? false,
      sortOrder,
    })),
  );
  const questions = await db.insert(intakeQuestions).values(questionRows).returning();
  const questionsByLawType = new Map<string, typeof questions>();
  for (const q of questions) questionsByLawType.set(q.lawType, [...(questionsByLawType.get(q.lawType) ?? []), q]);

  const clientRows = await db
    .select({ id: clients.id, officeId: clients.officeId, phone: clients.primaryNumber })
    .from(clients)
    .limit(total);
  if (clientRows.length === 0) return;
  const lawTypes = await db
    .select({ id: dropdownOptions.id, value: dropdownOptions.value })
    .from(dropdownOptions)
    .where(eq(dropdownOptions.dropdownType, 'INQUIRY_LAW_TYPE'));
  const owners = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountEnabled, true), inArray(users.role, ['OPERATOR', 'MANAGER', 'ADMIN'])));

  const now = Date.now();
  const inquiryRows = Array.from({ length: total }, (_, i) => {
    const client = clientRows[i % clientRows.length]!;
    const lawType = faker.helpers.arrayElement(lawTypes);
    const createdAt = new Date(now - faker.number.int({ min: 10 * 60_000, max: 120 * 86_400_000 }));
    const fields = {
      clientId: client.id,
      officeId: client.officeId,
      lawTypeId: lawType.id,
      caseDescription: faker.helpers.arrayElement(
        CASE_DESCRIPTIONS[lawType.value] ?? ['Wants to speak with an attorney.'],
      ),
      notes: faker.datatype.boolean(0.6) ? faker.helpers.arrayElement(NOTES) : null,
      intakeAnswers: answersFor(faker, questionsByLawType.get(lawType.value) ?? []),
      source: faker.helpers.arrayElement(SOURCES),
      noApptReason: faker.datatype.boolean(0.3) ? faker.helpers.arrayElement(NO_APPT_REASONS) : null,
      leadOwnerId: owners.length ? faker.helpers.arrayElement(owners).id : null,
      incidentDateTime: new Date(createdAt.getTime() - faker.number.int({ min: 3_600_000, max: 60 * 86_400_000 })),
      createdAt,
      updatedAt: createdAt,
    };
    // The one who took the lead owns it (no further draw, so the rest of the demo stays as it was).
    return { ...fields, createdById: fields.leadOwnerId };
  });
  const created: { id: string; clientId: string; createdAt: Date }[] = [];
  await insertInBatches(inquiryRows, async (batch) => {
    created.push(
      ...(await db
        .insert(inquiries)
        .values(batch)
        .returning({ id: inquiries.id, clientId: inquiries.clientId, createdAt: inquiries.createdAt })),
    );
  });

  const phones = new Map(clientRows.map((c) => [c.id, c.phone ?? '2135550100']));
  const officeNumber = '8885550210';
  const parties: (typeof inquiryOpposingParties.$inferInsert)[] = [];
  const callRows: (typeof calls.$inferInsert)[] = [];
  const textRows: (typeof smsMessages.$inferInsert)[] = [];
  for (const inquiry of created) {
    const phone = phones.get(inquiry.clientId)!;
    if (faker.datatype.boolean(0.5)) {
      parties.push({
        inquiryId: inquiry.id,
        firstName: faker.person.firstName(),
        lastName: faker.person.lastName(),
        dateOfBirth: faker.datatype.boolean(0.5)
          ? faker.date.birthdate({ mode: 'age', min: 18, max: 80 }).toISOString().slice(0, 10)
          : null,
        phoneNumber: faker.datatype.boolean(0.4)
          ? faker.string.numeric({ length: 1, exclude: ['0', '1'] }) + faker.string.numeric(9)
          : null,
      });
    }
    const at = (minutes: number) => new Date(inquiry.createdAt.getTime() + minutes * 60_000);
    for (let c = 0; c < faker.number.int({ min: 0, max: 4 }); c += 1) {
      const direction = c === 0 || faker.datatype.boolean(0.4) ? 'INBOUND' : 'OUTBOUND';
      callRows.push({
        inquiryId: inquiry.id,
        clientId: inquiry.clientId,
        direction,
        durationInSeconds: faker.number.int({ min: 20, max: 1200 }),
        callStartTime: at(c * 90),
        callerId: direction === 'INBOUND' ? phone : officeNumber,
        numberDialed: direction === 'INBOUND' ? officeNumber : phone,
      });
    }
    for (let s = 0; s < faker.number.int({ min: 0, max: 5 }); s += 1) {
      const inbound = faker.datatype.boolean(0.45);
      textRows.push({
        inquiryId: inquiry.id,
        clientId: inquiry.clientId,
        direction: inbound ? 'INBOUND' : 'OUTBOUND',
        fromNumber: inbound ? phone : officeNumber,
        toNumber: inbound ? officeNumber : phone,
        body: faker.helpers.arrayElement(inbound ? INBOUND_TEXTS : OUTBOUND_TEXTS),
        createdDate: at(5 + s * 45),
      });
    }
  }
  await insertInBatches(parties, (batch) => db.insert(inquiryOpposingParties).values(batch));
  await insertInBatches(callRows, (batch) => db.insert(calls).values(batch));
  await insertInBatches(textRows, (batch) => db.insert(smsMessages).values(batch));
}
