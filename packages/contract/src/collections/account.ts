import { z } from 'zod';
import { isoDateSchema } from '../common/dates.ts';
import { listRequestSchema, listResponseSchema } from '../common/paging.ts';
import { AGING_BUCKETS, PLAN_STATES } from './dashboard-filters.ts';

/**
 * A collection account: money a client owes the firm on a matter (fees and costs not paid). Its balance is
 * original + adjustments − paid, where paid sums the cash-flow entries (payments and their reversals) that
 * carry the account. Amounts are integer cents (docs/collections.md).
 */
export const COLLECTION_STATUSES = ['ACTIVE', 'REVIEW', 'ESCALATION', 'PAYMENT_PLAN', 'PAID', 'CLOSED'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];
export const COLLECTION_STATUS_LABELS: Record<CollectionStatus, string> = {
  ACTIVE: 'Active',
  REVIEW: 'Review',
  ESCALATION: 'Escalation',
  PAYMENT_PLAN: 'Payment plan',
  PAID: 'Paid',
  CLOSED: 'Closed',
};
/** SPEC §4 badges: REVIEW shows REV, ESCALATION shows ESC. */
export const COLLECTION_STATUS_BADGES: Partial<Record<CollectionStatus, string>> = { REVIEW: 'REV', ESCALATION: 'ESC' };
/** Statuses in which the account is still worked: collectors call, plans run, workflows step. */
export const OPEN_COLLECTION_STATUSES: readonly CollectionStatus[] = ['ACTIVE', 'REVIEW', 'ESCALATION', 'PAYMENT_PLAN'];

export type CollectionRowColour = 'red' | 'yellow' | 'purple' | null;

/**
 * SPEC §4 row colours: follow-up date passed red; status escalation yellow; review purple. An account can be
 * both overdue and in review; the overdue follow-up is what the collector must act on today, so red wins.
 */
export function collectionRowColour(
  row: { status: CollectionStatus; followUpDate: string | null },
  today: string,
): CollectionRowColour {
  if (row.followUpDate !== null && row.followUpDate < today && OPEN_COLLECTION_STATUSES.includes(row.status)) {
    return 'red';
  }
  if (row.status === 'ESCALATION') return 'yellow';
  if (row.status === 'REVIEW') return 'purple';
  return null;
}

/** GET /api/v1/collectionAccount/status: every status with its label and SPEC §4 badge, in workflow order. */
export const collectionStatusOptionSchema = z.object({
  value: z.enum(COLLECTION_STATUSES),
  label: z.string(),
  badge: z.string().nullable(),
  /** Still worked (collectors call, plans run); PAID and CLOSED are not. */
  open: z.boolean(),
});
export type CollectionStatusOption = z.infer<typeof collectionStatusOptionSchema>;
export const collectionStatusListSchema = z.array(collectionStatusOptionSchema);
export const COLLECTION_STATUS_OPTIONS: CollectionStatusOption[] = COLLECTION_STATUSES.map((value) => ({
  value,
  label: COLLECTION_STATUS_LABELS[value],
  badge: COLLECTION_STATUS_BADGES[value] ?? null,
  open: OPEN_COLLECTION_STATUSES.includes(value),
}));

/**
 * GET /api/v1/collectionAccount/roles: the collectors, i.e. the enabled users whose ALL_ACCOUNTS UPDATE reaches
 * an office of the caller's ALL_ACCOUNTS READ (or, with `officeId`, that office): who may be assigned accounts
 * there (docs/collections.md).
 */
export const collectorsQuerySchema = z.object({ officeId: z.uuid().optional() }).strict();
export const collectorOptionSchema = z.object({ id: z.uuid(), displayName: z.string() });
export type CollectorOption = z.infer<typeof collectorOptionSchema>;
export const collectorListSchema = z.array(collectorOptionSchema);

/** One account's amount at most, like one cash-flow entry: $10,000,000.00. */
export const MAX_ACCOUNT_CENTS = 1_000_000_000;
/** The PDF of the accounts list prints at most this many rows; CSV and XLSX take any number. */
export const ACCOUNTS_PDF_MAX_ROWS = 5000;
export const ACCOUNT_NOTE_MAX = 2000;
export const BULK_ASSIGN_MAX = 1000;

/** Our wording: SPEC gives the fields, not these texts. */
export const COLLECTION_ACCOUNT_MESSAGES = {
  notFound: 'Collection account not found.',
  office: 'Office is a required field.',
  client: 'Client is a required field.',
  original: 'Original Balance must be an amount in dollars and cents, more than 0.',
  tooLarge: 'An account can be at most $10,000,000.00.',
  status: `Status must be one of ${COLLECTION_STATUSES.map((s) => COLLECTION_STATUS_LABELS[s]).join(', ')}.`,
  term: 'Term must be one of the terms.',
  collector: 'Collector must be a user who may work collection accounts in the account’s office.',
  followUpDate: 'Follow-up Date must be a valid date.',
  note: `Note must be ${ACCOUNT_NOTE_MAX} characters or less.`,
  noteRequired: 'Note is a required field.',
  nothingToChange: 'Change at least one of status, term, collector or follow-up date.',
  statusReason: 'Give a reason for the status change.',
  closedAccount: 'This account is closed. Reopen it by setting another status first.',
  paidNeedsZero: 'An account can be set to Paid only when its balance is $0.00.',
  adjustment: 'Amount must be an amount in dollars and cents, not 0.',
  adjustmentReason: 'Reason is a required field.',
  adjustmentBelowZero: 'An adjustment cannot take the balance below $0.00.',
  bulkIds: `Choose from 1 to ${BULK_ASSIGN_MAX} accounts.`,
  balanceRange: 'Balance To cannot be less than Balance From.',
  sortBy: 'Sort By must be an accounts column.',
  pdfTooLarge: `The PDF holds at most ${ACCOUNTS_PDF_MAX_ROWS.toLocaleString('en-US')} accounts. Narrow the filters, or export CSV or XLSX.`,
  matterOfOtherClient: 'The matter belongs to another client.',
  accountOfOtherClient: 'The collection account belongs to another client.',
  collectorOutOfReach: 'Collector must be a user who may work collection accounts in every chosen account’s office.',
  agingBucket: `Aging must be one of ${AGING_BUCKETS.join(', ')}.`,
  agingNeedsToday: 'Today is a required field with Aging.',
  planState: `Plan must be one of ${PLAN_STATES.join(', ')}.`,
} as const;

const noteSchema = z
  .string()
  .trim()
  .max(ACCOUNT_NOTE_MAX, COLLECTION_ACCOUNT_MESSAGES.note)
  .nullish()
  .transform((v) => v || null);

/** SPEC §2 query of /collections/all-accounts: `account` (search text), `assignee` (me, unassigned), `assigneeId`. */
export const ALL_ACCOUNTS_ASSIGNEES = ['me', 'unassigned'] as const;
export const FOLLOW_UP_DUE = ['PAST', 'TODAY', 'NEXT_7_DAYS'] as const;
export type FollowUpDue = (typeof FOLLOW_UP_DUE)[number];

export const collectionAccountFilterSchema = z
  .object({
    /** Client name, account number or matter, as typed. */
    search: z.string().trim().max(100).optional(),
    statuses: z
      .array(z.enum(COLLECTION_STATUSES, { error: COLLECTION_ACCOUNT_MESSAGES.status }))
      .max(6)
      .optional(),
    officeId: z.uuid().optional(),
    collectorId: z.uuid().optional(),
    unassigned: z.boolean().optional(),
    termId: z.uuid().optional(),
    balanceFromCents: z.number().int().min(0).max(MAX_ACCOUNT_CENTS).optional(),
    balanceToCents: z.number().int().min(0).max(MAX_ACCOUNT_CENTS).optional(),
    /** Follow-up due, judged on `today` (the browser's day, sent with the filter). */
    followUpDue: z.enum(FOLLOW_UP_DUE).optional(),
    today: isoDateSchema('Today').optional(),
    clientId: z.uuid().optional(),
    // The dashboard's drill-downs (dashboard-filters.ts, docs/collections-dashboard.md).
    /** Days since the aging date (last payment, else the opening day at the office) on `today`. */
    agingBucket: z.enum(AGING_BUCKETS, { error: COLLECTION_ACCOUNT_MESSAGES.agingBucket }).optional(),
    /** The account's open payment plan is ACTIVE, PAUSED, or has a MISSED instalment. */
    planState: z.enum(PLAN_STATES, { error: COLLECTION_ACCOUNT_MESSAGES.planState }).optional(),
    /** Accounts with a cash-flow entry (payment or reversal) carrying them, dated (payment date) in the range. */
    paidFrom: isoDateSchema('Paid From').optional(),
    paidTo: isoDateSchema('Paid To').optional(),
    /** Accounts with a plan instalment due in the range that was paid or missed (the promise-kept rate). */
    promiseDueFrom: isoDateSchema('Promise Due From').optional(),
    promiseDueTo: isoDateSchema('Promise Due To').optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.agingBucket !== undefined && value.today === undefined) {
      ctx.addIssue({ code: 'custom', message: COLLECTION_ACCOUNT_MESSAGES.agingNeedsToday, path: ['today'] });
    }
    if (
      value.balanceFromCents !== undefined &&
      value.balanceToCents !== undefined &&
      value.balanceToCents < value.balanceFromCents
    ) {
      ctx.addIssue({ code: 'custom', message: COLLECTION_ACCOUNT_MESSAGES.balanceRange, path: ['balanceToCents'] });
    }
  });
export type CollectionAccountFilter = z.infer<typeof collectionAccountFilterSchema>;

export const COLLECTION_ACCOUNT_COLUMNS = [
  { id: 'accountNumber', header: 'account' },
  { id: 'client', header: 'client' },
  { id: 'matter', header: 'matter' },
  { id: 'office', header: 'office' },
  { id: 'status', header: 'status' },
  { id: 'term', header: 'term' },
  { id: 'collector', header: 'collector' },
  { id: 'followUpDate', header: 'follow-up date' },
  { id: 'original', header: 'original' },
  { id: 'paid', header: 'paid' },
  { id: 'balance', header: 'balance' },
  { id: 'lastPaymentDate', header: 'last payment' },
] as const;
export type CollectionAccountColumnId = (typeof COLLECTION_ACCOUNT_COLUMNS)[number]['id'];
export const COLLECTION_ACCOUNT_SORTS = COLLECTION_ACCOUNT_COLUMNS.map((c) => c.id) as [
  CollectionAccountColumnId,
  ...CollectionAccountColumnId[],
];

/** POST /api/v1/collectionAccount/all */
export const collectionAccountListRequestSchema = listRequestSchema(collectionAccountFilterSchema)
  .extend({ sortBy: z.enum(COLLECTION_ACCOUNT_SORTS, { error: COLLECTION_ACCOUNT_MESSAGES.sortBy }).optional() })
  .strict();
export type CollectionAccountListRequest = z.infer<typeof collectionAccountListRequestSchema>;
export type CollectionAccountListRequestInput = z.input<typeof collectionAccountListRequestSchema>;

export const collectionAccountRowSchema = z.object({
  id: z.uuid(),
  /** A short number staff read out on the phone; unique across the firm. */
  accountNumber: z.number().int(),
  officeId: z.uuid(),
  office: z.string(),
  clientId: z.uuid(),
  client: z.string(),
  inquiryId: z.uuid().nullable(),
  matter: z.string().nullable(),
  status: z.enum(COLLECTION_STATUSES),
  termId: z.uuid().nullable(),
  term: z.string().nullable(),
  collectorId: z.uuid().nullable(),
  collector: z.string().nullable(),
  followUpDate: z.string().nullable(),
  originalCents: z.number().int(),
  paidCents: z.number().int(),
  adjustmentsCents: z.number().int(),
  balanceCents: z.number().int(),
  lastPaymentDate: z.string().nullable(),
  openedAt: z.string(),
});
export type CollectionAccountRow = z.infer<typeof collectionAccountRowSchema>;
export const collectionAccountListSchema = listResponseSchema(collectionAccountRowSchema);

/** POST /api/v1/collectionAccount/allTotals: the same filter as the list, no paging. */
export const collectionAccountTotalsRequestSchema = z
  .object({ filter: collectionAccountFilterSchema.optional() })
  .strict();
export const collectionAccountTotalsSchema = z.object({
  count: z.number().int(),
  originalCents: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  /**
   * With a paid range in the filter: the money of the cash-flow entries dated in it on these accounts,
   * reversals netted (the dashboard's collected figure).
   */
  collectedCents: z.number().int().optional(),
});
export type CollectionAccountTotals = z.infer<typeof collectionAccountTotalsSchema>;

export const COLLECTION_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
/** POST /api/v1/collectionAccount/export: every row of the current filter and sort. */
export const collectionAccountExportRequestSchema = collectionAccountListRequestSchema
  .extend({
    format: z.enum(COLLECTION_EXPORT_FORMATS, { error: 'Format must be one of csv, xlsx, pdf.' }).default('csv'),
  })
  .strict();

/** POST /api/v1/collectionAccount: opens an account on a client's matter. */
export const collectionAccountCreateSchema = z
  .object({
    officeId: z.uuid({ error: COLLECTION_ACCOUNT_MESSAGES.office }),
    clientId: z.uuid({ error: COLLECTION_ACCOUNT_MESSAGES.client }),
    inquiryId: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
    originalCents: z
      .number({ error: COLLECTION_ACCOUNT_MESSAGES.original })
      .int(COLLECTION_ACCOUNT_MESSAGES.original)
      .min(1, COLLECTION_ACCOUNT_MESSAGES.original)
      .max(MAX_ACCOUNT_CENTS, COLLECTION_ACCOUNT_MESSAGES.tooLarge),
    termId: z
      .uuid({ error: COLLECTION_ACCOUNT_MESSAGES.term })
      .nullish()
      .transform((v) => v ?? null),
    collectorId: z
      .uuid({ error: COLLECTION_ACCOUNT_MESSAGES.collector })
      .nullish()
      .transform((v) => v ?? null),
    followUpDate: isoDateSchema('Follow-up Date')
      .nullish()
      .transform((v) => v ?? null),
    note: noteSchema,
  })
  .strict();
export type CollectionAccountCreate = z.infer<typeof collectionAccountCreateSchema>;

/**
 * PATCH /api/v1/collectionAccount: changes what a collector works with. Each change is a timeline event; a
 * status change keeps the old and new status and its reason (the status history).
 */
export const collectionAccountPatchSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(COLLECTION_STATUSES, { error: COLLECTION_ACCOUNT_MESSAGES.status }).optional(),
    termId: z.uuid({ error: COLLECTION_ACCOUNT_MESSAGES.term }).nullable().optional(),
    collectorId: z.uuid({ error: COLLECTION_ACCOUNT_MESSAGES.collector }).nullable().optional(),
    followUpDate: isoDateSchema('Follow-up Date').nullable().optional(),
    /** Why: required with a status change. */
    note: noteSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    const changes = [value.status, value.termId, value.collectorId, value.followUpDate];
    if (changes.every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: COLLECTION_ACCOUNT_MESSAGES.nothingToChange, path: ['status'] });
    }
    if (value.status !== undefined && !value.note) {
      ctx.addIssue({ code: 'custom', message: COLLECTION_ACCOUNT_MESSAGES.statusReason, path: ['note'] });
    }
  });
export type CollectionAccountPatch = z.infer<typeof collectionAccountPatchSchema>;

/** POST /api/v1/collectionAccount/assign: bulk assign (or unassign with null) the chosen accounts. */
export const collectionAccountAssignSchema = z
  .object({
    accountIds: z
      .array(z.uuid())
      .min(1, COLLECTION_ACCOUNT_MESSAGES.bulkIds)
      .max(BULK_ASSIGN_MAX, COLLECTION_ACCOUNT_MESSAGES.bulkIds),
    collectorId: z.uuid({ error: COLLECTION_ACCOUNT_MESSAGES.collector }).nullable(),
  })
  .strict();
export const collectionAccountAssignResultSchema = z.object({ assigned: z.number().int() });

/** POST /api/v1/collectionAccount/note */
export const collectionAccountNoteSchema = z
  .object({
    accountId: z.uuid(),
    note: z
      .string({ error: COLLECTION_ACCOUNT_MESSAGES.noteRequired })
      .trim()
      .min(1, COLLECTION_ACCOUNT_MESSAGES.noteRequired)
      .max(ACCOUNT_NOTE_MAX, COLLECTION_ACCOUNT_MESSAGES.note),
  })
  .strict();

/** POST /api/v1/collectionAccount/adjustment: a write-off or a correction, append-only like payments. */
export const collectionAccountAdjustmentSchema = z
  .object({
    accountId: z.uuid(),
    amountCents: z
      .number({ error: COLLECTION_ACCOUNT_MESSAGES.adjustment })
      .int(COLLECTION_ACCOUNT_MESSAGES.adjustment)
      .min(-MAX_ACCOUNT_CENTS, COLLECTION_ACCOUNT_MESSAGES.tooLarge)
      .max(MAX_ACCOUNT_CENTS, COLLECTION_ACCOUNT_MESSAGES.tooLarge)
      .refine((v) => v !== 0, COLLECTION_ACCOUNT_MESSAGES.adjustment),
    reason: z
      .string({ error: COLLECTION_ACCOUNT_MESSAGES.adjustmentReason })
      .trim()
      .min(1, COLLECTION_ACCOUNT_MESSAGES.adjustmentReason)
      .max(500, 'Reason must be 500 characters or less.'),
  })
  .strict();

export const collectionAccountIdQuerySchema = z.object({ id: z.uuid() }).strict();

export const statusChangeSchema = z.object({
  fromStatus: z.enum(COLLECTION_STATUSES).nullable(),
  toStatus: z.enum(COLLECTION_STATUSES),
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});

/** GET /api/v1/collectionAccount?id=: the header of the account page. */
export const collectionAccountDetailSchema = collectionAccountRowSchema.extend({
  clientPhone: z.string().nullable(),
  clientEmail: z.string().nullable(),
  clientState: z.string().nullable(),
  officeTimeZone: z.string(),
  statusHistory: z.array(statusChangeSchema),
});
export type CollectionAccountDetail = z.infer<typeof collectionAccountDetailSchema>;

/** The activity timeline, newest first: everything that happened on the account, from every module. */
export const TIMELINE_KINDS = [
  'CALL',
  'TEXT',
  'LETTER',
  'EMAIL',
  'PAYMENT',
  'PLAN',
  'STATUS',
  'NOTE',
  'ASSIGNMENT',
  'FOLLOW_UP',
  'TERM',
  'ADJUSTMENT',
  'WORKFLOW',
  'CONTACT_REFUSED',
  /** A letter or e-mail draft about the account approved (four-eyes); what it made shows as LETTER or EMAIL. */
  'DRAFT',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const timelineItemSchema = z.object({
  id: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  by: z.string().nullable(),
  /** Money moved by the item (payments, adjustments), signed. */
  amountCents: z.number().int().nullable(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;
export const timelineRequestSchema = z
  .object({
    accountId: z.uuid(),
    before: z.iso.datetime({ offset: true }).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();
export const timelineSchema = z.object({ items: z.array(timelineItemSchema), hasMore: z.boolean() });
