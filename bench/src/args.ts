import { parseArgs } from 'node:util';

export type DatabaseKind = 'pglite' | 'postgres';
/**
 * platform: the signed-in user and the directory; clients: search, duplicate and conflict checks;
 * communication: SMS send, the text history at scale and inbound webhook → socket latency;
 * appointments: attorney availability with many calendar events and concurrent booking;
 * matching: how well the duplicate check finds the person, on a fixed evaluation set (docs/matching.md);
 * admin: the permission decision in process, "who can see this record" over many users and the attribution
 * report over millions of calls (PostgreSQL only);
 * accounting: the cash-flow list, its totals and the month's reconciliation over a million payments, and the
 * cash-flow report PDF built in the background (PostgreSQL only);
 * collections: the collections dashboard of each role over 200,000 accounts and 2,000,000 payments (PostgreSQL only).
 * dashboards: the three landing dashboards, a drill-down's and a report's 100,000-row export over a year of
 * 5,000,000 calls, 1,000,000 appointments and 1,000,000 payments (PostgreSQL only).
 * mail: 1,000 e-mails through the embedded SMTP server, again with it stopped for 10 s, and 10,000 letters in a
 * background batch.
 */
export const SCENARIOS = [
  'platform',
  'clients',
  'communication',
  'appointments',
  'matching',
  'admin',
  'accounting',
  'collections',
  'mail',
  'dashboards',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchArgs {
  clients: number;
  connections: number;
  /** Seconds of measured load per route (the 2 s warm-up comes on top). */
  duration: number;
  database: DatabaseKind;
  /** Server URL of the PostgreSQL cluster; the bench creates and drops its own database in it. */
  postgresUrl: string;
  /** Run the server under --cpu-prof; the profile lands in bench/results/profiles/. */
  cpuProf: boolean;
  scenario: Scenario;
  /** communication scenario: texts added to the table before the load. */
  messages: number;
  /** communication scenario: live sockets connected while inbound webhooks are sent. */
  sockets: number;
  /** communication scenario: inbound webhooks sent one after another. */
  webhooks: number;
  /** appointments scenario: attorneys in the table (the seed's plus added ones). */
  attorneys: number;
  /** appointments scenario: calendar events added before the load. */
  events: number;
  /** admin scenario: users in the table (the seed's plus added ones, each with a seeded profile's permissions). */
  users: number;
  /** admin scenario: inbound and outbound calls added over two years, on tracking lines with remapped versions. */
  calls: number;
  /** accounting and collections scenarios: payments added over the last two years (carrying an account in collections). */
  payments: number;
  /** accounting scenario: trust deposits added, one for each of the newest payments. */
  trustEntries: number;
  /** collections scenario: collection accounts added over the seeded clients. */
  accounts: number;
  /** dashboards scenario: appointments added over the last year, today and the coming two weeks. */
  appointments: number;
  /** Load only the routes whose name contains this (e.g. to profile one of them); all when unset. */
  route?: string;
  /** postgres: keep the seeded database after the run, and reuse one kept with the same sizes instead of seeding. */
  keep: boolean;
  /** matching scenario: clients sampled for the evaluation set (and again, apart, for training). */
  probes: number;
  /** matching scenario: learn the match weights first and write contract/matching/match-weights.ts. */
  learn: boolean;
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
// The access token lives 10 minutes; a fresh one is taken per route, so one route's run must fit in it.
const MAX_DURATION_SECONDS = 570;

export const USAGE = `Usage: npm run bench -- [--scenario platform|clients|communication|appointments|matching|admin|accounting|collections|mail|dashboards] [--clients N] [--connections C] [--duration S] [--database pglite|postgres] [--messages N] [--sockets N] [--webhooks N] [--attorneys N] [--events N] [--users N] [--calls N] [--payments N] [--trust-entries N] [--accounts N] [--appointments N] [--route TEXT] [--keep] [--cpu-prof]

  --clients N        demo clients to seed (default 20000)
  --scenario NAME    platform (GET /user, user directory; default) or clients (client search, duplicate and
                     conflict checks with bodies sampled from the seeded clients) or communication (SMS send,
                     text history, inbound webhook → live socket latency) or appointments (availability of
                     every attorney for a week, booking free slots) or matching (the duplicate check's
                     recall on a fixed evaluation set, with the duplicate and conflict service floors) or
                     admin (the permission decision in process, who can see a record among --users users
                     and the 12-month attribution report over --calls calls; PostgreSQL only) or accounting
                     (the cash-flow list, totals and reconciliation over --payments payments, and a 50,000-row
                     report PDF built in the background; PostgreSQL only) or collections (the collections
                     dashboard of the admin, manager and collector over --accounts accounts and --payments
                     payments carrying them, in the kept database casedesk_bench_coll with --keep; PostgreSQL
                     only) or mail (1,000 e-mails through the
                     embedded SMTP server, 1,000 more with it stopped for 10 s, 10,000 letters in a batch) or
                     dashboards (the call-centre, office and corporate dashboards of an operator, a manager and
                     the admin, a 100,000-row drill-down export and report export, over a year of --calls calls,
                     --appointments appointments, --payments payments and --messages texts, in the kept
                     database casedesk_bench_dash with --keep; PostgreSQL only)
  --probes N         matching: clients sampled into the evaluation set, strangers added (default 3000)
  --learn            matching: learn the match weights from a training set first and write them to
                     packages/contract/src/matching/match-weights.ts (the server then runs with them)
  --messages N       communication: texts added before the load (default 1000000)
  --sockets N        communication: live sockets connected during the webhook test (default 1000)
  --webhooks N       communication: inbound-SMS webhooks sent one after another (default 200)
  --attorneys N      appointments: attorneys in the table, seeded plus added (default 100)
  --events N         appointments: calendar events added before the load (default 50000)
  --users N          admin: users in the table, seeded plus added (default 5000; dashboards 500)
  --calls N          admin: calls added over the last two years on tracking lines (default 5000000)
  --payments N       accounting: payments added over the last two years (default 1000000; collections 2000000)
  --accounts N       collections: collection accounts added over the seeded clients (default 200000)
  --appointments N   dashboards: appointments added over the last year and the coming two weeks (default 1000000)
  --trust-entries N  accounting: trust deposits added, at most one per payment (default 1000000)
  --connections C    concurrent HTTP connections of the load (default 50; 20 for the clients scenario)
  --duration S       seconds of load per route, after a 2 s warm-up (default 10, at most ${MAX_DURATION_SECONDS})
  --database KIND    pglite (a fresh temporary data directory) or postgres (a fresh database casedesk_bench
                     on DATABASE_URL's server, default ${DEFAULT_POSTGRES_URL}; dropped afterwards)
  --route TEXT       load only the routes whose name contains TEXT (budgets of the others are not judged);
                     the search route's full name loads it without its "All" case
  --keep             postgres: leave the seeded database in place, and reuse a kept one made with the same
                     scenario and sizes instead of seeding again (what an earlier run's load wrote stays)
  --cpu-prof         profile the server (node --cpu-prof) into bench/results/profiles/; open it in Chrome DevTools`;

function positiveInt(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function parseBenchArgs(argv: string[], env: NodeJS.ProcessEnv): BenchArgs | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      clients: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      database: { type: 'string' },
      'cpu-prof': { type: 'boolean' },
      scenario: { type: 'string' },
      messages: { type: 'string' },
      sockets: { type: 'string' },
      webhooks: { type: 'string' },
      attorneys: { type: 'string' },
      events: { type: 'string' },
      users: { type: 'string' },
      calls: { type: 'string' },
      payments: { type: 'string' },
      'trust-entries': { type: 'string' },
      accounts: { type: 'string' },
      appointments: { type: 'string' },
      route: { type: 'string' },
      keep: { type: 'boolean' },
      probes: { type: 'string' },
      learn: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const database = values.database ?? 'pglite';
  if (database !== 'pglite' && database !== 'postgres') {
    throw new Error(`--database must be pglite or postgres, got "${database}"`);
  }
  if (values.keep && database !== 'postgres') throw new Error('--keep needs --database postgres');
  const scenario = values.scenario ?? 'platform';
  if (!(SCENARIOS as readonly string[]).includes(scenario)) {
    throw new Error(`--scenario must be ${SCENARIOS.join(' or ')}, got "${scenario}"`);
  }
  if (['admin', 'accounting', 'collections', 'dashboards'].includes(scenario) && database !== 'postgres') {
    throw new Error(`--scenario ${scenario} needs --database postgres (its budgets are set for PostgreSQL)`);
  }
  return {
    clients: positiveInt('clients', values.clients, 20_000, 0),
    connections: positiveInt('connections', values.connections, scenario === 'platform' ? 50 : 20, 1, 10_000),
    duration: positiveInt('duration', values.duration, 10, 1, MAX_DURATION_SECONDS),
    database,
    postgresUrl: env.DATABASE_URL || DEFAULT_POSTGRES_URL,
    cpuProf: values['cpu-prof'] ?? false,
    scenario: scenario as Scenario,
    messages: positiveInt('messages', values.messages, 1_000_000, 0),
    sockets: positiveInt('sockets', values.sockets, 1000, 1, 20_000),
    webhooks: positiveInt('webhooks', values.webhooks, 200, 1, 100_000),
    attorneys: positiveInt('attorneys', values.attorneys, 100, 1, 10_000),
    events: positiveInt('events', values.events, 50_000, 0),
    users: positiveInt('users', values.users, scenario === 'dashboards' ? 500 : 5000, 0),
    calls: positiveInt('calls', values.calls, 5_000_000, 0),
    payments: positiveInt('payments', values.payments, scenario === 'collections' ? 2_000_000 : 1_000_000, 0),
    trustEntries: positiveInt('trust-entries', values['trust-entries'], 1_000_000, 0),
    accounts: positiveInt('accounts', values.accounts, 200_000, 0),
    appointments: positiveInt('appointments', values.appointments, 1_000_000, 0),
    ...(values.route ? { route: values.route } : {}),
    keep: values.keep ?? false,
    probes: positiveInt('probes', values.probes, 3000, 10, 100_000),
    learn: values.learn ?? false,
  };
}
