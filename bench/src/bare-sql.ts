import type { Database } from '@casedesk/server/src/platform/db/database.ts';
import type { Summary } from './stats.ts';
import { summarize } from './stats.ts';

const WARM_UP_ITERATIONS = 50;
const ITERATIONS = 500;

/**
 * The statements the routes run, exactly as Drizzle emits them (captured from users.repository.ts and
 * access.repository.ts), sent straight to the driver: no HTTP, no token check, no validation, no
 * serialization. Their time is the floor under the route's latency (DESIGN §6).
 */
const SQL = {
  userByEmail:
    'select "id", "display_name", "mail", "job_title", "role", "work_number", "phone_extension", "mobile_number", "zoom_link", "image_url", "image", "click_to_call", "default_dashboard", "account_enabled", "office_id" from "users" where lower("users"."mail") = $1',
  permissionsOfUser:
    'select "permission_type", "access_levels" from "permissions" where "permissions"."user_id" = $1 order by "permissions"."permission_type"',
  directoryPage:
    'select "users"."id", "users"."display_name", "users"."mail", "users"."work_number", "users"."phone_extension", "users"."mobile_number", "offices"."name" from "users" left join "offices" on "offices"."id" = "users"."office_id" where ("users"."account_enabled" = $1 and ("users"."display_name" ilike $2 or "users"."mail" ilike $3)) order by "users"."display_name" asc nulls last, "users"."id" limit $4',
  directoryCount:
    'select count(*) from "users" where ("users"."account_enabled" = $1 and ("users"."display_name" ilike $2 or "users"."mail" ilike $3))',
} as const;

export type StatementName = keyof typeof SQL;

export interface BareSqlRoute {
  route: string;
  /** What one request runs, in the order the server runs it. */
  statements: string;
  total: Summary;
}

export interface BareSqlResult {
  iterations: number;
  routes: BareSqlRoute[];
  statements: Record<StatementName, Summary>;
}

async function timed<T>(samples: number[] | undefined, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  samples?.push(performance.now() - started);
  return result;
}

/** Measures with the admin's own rows, the same ones the HTTP benchmark reads. */
export async function measureBareSql(
  database: Database,
  adminEmail: string,
  searchKeyword: string,
): Promise<BareSqlResult> {
  const [admin] = await database.query<{ id: string }>(SQL.userByEmail, [adminEmail]);
  if (!admin) throw new Error(`${adminEmail} is not in the seeded database`);
  const pattern = `%${searchKeyword}%`;
  const perStatement = Object.fromEntries(Object.keys(SQL).map((name) => [name, [] as number[]])) as Record<
    StatementName,
    number[]
  >;
  const userRoute: number[] = [];
  const directoryRoute: number[] = [];

  // The access hook resolves the caller (email → user → permissions) before every guarded route; the
  // server keeps that for a few seconds, so this is the cost of a cold request, the floor of a warm one is ~0.
  const resolveActor = async (record: boolean) => {
    const [user] = await timed(record ? perStatement.userByEmail : undefined, () =>
      database.query<{ id: string }>(SQL.userByEmail, [adminEmail]),
    );
    await timed(record ? perStatement.permissionsOfUser : undefined, () =>
      database.query(SQL.permissionsOfUser, [user!.id]),
    );
    return user!.id;
  };

  for (let i = 0; i < WARM_UP_ITERATIONS + ITERATIONS; i++) {
    const record = i >= WARM_UP_ITERATIONS;
    await timed(record ? userRoute : undefined, async () => {
      // GET /api/v1/user answers from the caller's own record, already loaded.
      await resolveActor(record);
    });
    await timed(record ? directoryRoute : undefined, async () => {
      await resolveActor(false);
      // findDirectoryPage runs the page and the count side by side.
      await Promise.all([
        timed(record ? perStatement.directoryPage : undefined, () =>
          database.query(SQL.directoryPage, [true, pattern, pattern, 10]),
        ),
        timed(record ? perStatement.directoryCount : undefined, () =>
          database.query(SQL.directoryCount, [true, pattern, pattern]),
        ),
      ]);
    });
  }

  return {
    iterations: ITERATIONS,
    routes: [
      {
        route: 'GET /api/v1/user',
        statements: 'userByEmail → permissionsOfUser (cold caller; cached 5 s)',
        total: summarize(userRoute),
      },
      {
        route: 'POST /api/v1/user/directory',
        statements: 'userByEmail → permissionsOfUser → (directoryPage ‖ directoryCount)',
        total: summarize(directoryRoute),
      },
    ],
    statements: Object.fromEntries(
      Object.entries(perStatement).map(([name, samples]) => [name, summarize(samples)]),
    ) as Record<StatementName, Summary>,
  };
}
