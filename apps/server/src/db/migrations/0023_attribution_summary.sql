-- Running totals of the attribution report (per source and month: calls, distinct callers; per lead: first and
-- last touch), kept by triggers on calls. The report reads these instead of attributing millions of calls anew.
CREATE TABLE "attribution_caller_months" (
	"source" text NOT NULL,
	"month" text NOT NULL,
	"caller_id" text NOT NULL,
	"office_id" uuid NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "attribution_caller_months_source_month_caller_id_office_id_pk" PRIMARY KEY("source","month","caller_id","office_id")
);
--> statement-breakpoint
CREATE TABLE "attribution_leads" (
	"inquiry_id" uuid PRIMARY KEY NOT NULL,
	"office_id" uuid NOT NULL,
	"first_month" text NOT NULL,
	"first_call_time" timestamp with time zone NOT NULL,
	"first_source" text NOT NULL,
	"last_call_time" timestamp with time zone NOT NULL,
	"last_source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attribution_source_callers" (
	"source" text NOT NULL,
	"month" text NOT NULL,
	"caller_id" text NOT NULL,
	CONSTRAINT "attribution_source_callers_source_month_caller_id_pk" PRIMARY KEY("source","month","caller_id")
);
--> statement-breakpoint
CREATE TABLE "attribution_source_months" (
	"source" text NOT NULL,
	"month" text NOT NULL,
	"calls" integer NOT NULL,
	"unique_callers" integer NOT NULL,
	CONSTRAINT "attribution_source_months_source_month_pk" PRIMARY KEY("source","month")
);
--> statement-breakpoint
ALTER TABLE "attribution_caller_months" ADD CONSTRAINT "attribution_caller_months_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_leads" ADD CONSTRAINT "attribution_leads_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribution_leads" ADD CONSTRAINT "attribution_leads_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribution_caller_months_office_month_idx" ON "attribution_caller_months" USING btree ("office_id","month");--> statement-breakpoint
CREATE INDEX "attribution_leads_first_month_idx" ON "attribution_leads" USING btree ("first_month","office_id");--> statement-breakpoint
-- The attribution report's running totals follow the calls table through triggers, in the same transaction as
-- the change, whoever writes it (intake, the claiming of unresolved calls, the seeds' set SQL). A call counts
-- under the mapping in force at its start time, in that month at its office (the call's, else its line's).
-- Each trigger lists the calls that came, went or changed in a temporary table with a sign (+1 / -1);
-- attribution_apply() turns that list into deltas of the totals.
CREATE FUNCTION attribution_prepare() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('pg_temp.attribution_delta') IS NULL THEN
    CREATE TEMP TABLE attribution_delta (
      sign integer NOT NULL, id uuid NOT NULL, direction text, tracking_line_id uuid, office_id uuid,
      call_start_time timestamptz, caller_id text, inquiry_id uuid
    ) ON COMMIT DELETE ROWS;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION attribution_apply() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE attribution_facts ON COMMIT DROP AS
    SELECT d.sign, m.source, to_char(d.call_start_time AT TIME ZONE o.time_zone, 'YYYY-MM') AS month,
           coalesce(d.caller_id, '') AS caller_id, o.id AS office_id
    FROM pg_temp.attribution_delta d
    JOIN tracking_line_mappings m ON m.tracking_line_id = d.tracking_line_id
      AND m.effective_from <= d.call_start_time AND d.call_start_time < coalesce(m.effective_to, 'infinity')
    JOIN offices o ON o.id = coalesce(d.office_id, m.office_id)
    WHERE d.direction = 'INBOUND';

  -- A caller's calls per office, source and month; a row whose calls all went is removed.
  INSERT INTO attribution_caller_months AS a (source, month, caller_id, office_id, calls)
    SELECT source, month, caller_id, office_id, sum(sign) FROM pg_temp.attribution_facts GROUP BY 1, 2, 3, 4
    ON CONFLICT (source, month, caller_id, office_id) DO UPDATE SET calls = a.calls + excluded.calls;
  DELETE FROM attribution_caller_months a USING pg_temp.attribution_facts f
    WHERE f.sign < 0 AND a.calls <= 0
      AND (a.source, a.month, a.caller_id, a.office_id) = (f.source, f.month, f.caller_id, f.office_id);

  -- Firm-wide: a caller is one of a source's callers in a month while any office row of theirs is left.
  WITH touched AS (
    SELECT source, month, caller_id, max(sign) > 0 AS arrived
    FROM pg_temp.attribution_facts WHERE caller_id <> '' GROUP BY 1, 2, 3
  ), present AS (
    SELECT t.source, t.month, t.caller_id,
           t.arrived OR EXISTS (SELECT 1 FROM attribution_caller_months a
                                WHERE (a.source, a.month, a.caller_id) = (t.source, t.month, t.caller_id)) AS present
    FROM touched t
  ), added AS (
    INSERT INTO attribution_source_callers (source, month, caller_id)
      SELECT source, month, caller_id FROM present WHERE present
      ON CONFLICT DO NOTHING RETURNING source, month
  ), removed AS (
    DELETE FROM attribution_source_callers s USING present p
      WHERE NOT p.present AND (s.source, s.month, s.caller_id) = (p.source, p.month, p.caller_id)
      RETURNING s.source, s.month
  ), callers AS (
    SELECT source, month, sum(n) AS n
    FROM (SELECT source, month, 1 AS n FROM added UNION ALL SELECT source, month, -1 FROM removed) x
    GROUP BY 1, 2
  ), calls AS (
    SELECT source, month, sum(sign) AS n FROM pg_temp.attribution_facts GROUP BY 1, 2
  )
  INSERT INTO attribution_source_months AS s (source, month, calls, unique_callers)
    SELECT c.source, c.month, c.n, coalesce(u.n, 0) FROM calls c LEFT JOIN callers u USING (source, month)
    ON CONFLICT (source, month) DO UPDATE
      SET calls = s.calls + excluded.calls, unique_callers = s.unique_callers + excluded.unique_callers;
  DELETE FROM attribution_source_months s USING pg_temp.attribution_facts f
    WHERE f.sign < 0 AND s.calls <= 0 AND (s.source, s.month) = (f.source, f.month);

  -- Leads: each inquiry a listed call belongs (or belonged) to is worked out again from its calls. Upsert,
  -- not delete and insert, so two transactions redoing the same inquiry both end with its row.
  CREATE TEMP TABLE attribution_inquiries ON COMMIT DROP AS
    SELECT DISTINCT inquiry_id FROM pg_temp.attribution_delta WHERE inquiry_id IS NOT NULL;
  WITH tracked AS MATERIALIZED (
    SELECT c.id, c.inquiry_id, c.call_start_time, m.source, o.id AS office_id,
           to_char(c.call_start_time AT TIME ZONE o.time_zone, 'YYYY-MM') AS month
    FROM pg_temp.attribution_inquiries i
    JOIN calls c ON c.inquiry_id = i.inquiry_id AND c.direction = 'INBOUND'
    JOIN tracking_line_mappings m ON m.tracking_line_id = c.tracking_line_id
      AND m.effective_from <= c.call_start_time AND c.call_start_time < coalesce(m.effective_to, 'infinity')
    JOIN offices o ON o.id = coalesce(c.office_id, m.office_id)
  )
  INSERT INTO attribution_leads AS l
      (inquiry_id, office_id, first_month, first_call_time, first_source, last_call_time, last_source)
    SELECT f.inquiry_id, f.office_id, f.month, f.call_start_time, f.source, z.call_start_time, z.source
    FROM (SELECT DISTINCT ON (inquiry_id) * FROM tracked ORDER BY inquiry_id, call_start_time, id) f
    JOIN (SELECT DISTINCT ON (inquiry_id) * FROM tracked ORDER BY inquiry_id, call_start_time DESC, id DESC) z
      USING (inquiry_id)
    ON CONFLICT (inquiry_id) DO UPDATE SET
      office_id = excluded.office_id, first_month = excluded.first_month,
      first_call_time = excluded.first_call_time, first_source = excluded.first_source,
      last_call_time = excluded.last_call_time, last_source = excluded.last_source;
  DELETE FROM attribution_leads l USING pg_temp.attribution_inquiries i
    WHERE l.inquiry_id = i.inquiry_id AND NOT EXISTS (
      SELECT 1 FROM calls c
      JOIN tracking_line_mappings m ON m.tracking_line_id = c.tracking_line_id
        AND m.effective_from <= c.call_start_time AND c.call_start_time < coalesce(m.effective_to, 'infinity')
      WHERE c.inquiry_id = l.inquiry_id AND c.direction = 'INBOUND');

  DROP TABLE pg_temp.attribution_facts;
  DROP TABLE pg_temp.attribution_inquiries;
  DELETE FROM pg_temp.attribution_delta;
END $$;
--> statement-breakpoint
CREATE FUNCTION attribution_calls_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM attribution_prepare();
  IF TG_OP = 'UPDATE' THEN
    -- Only the calls whose counted fields changed; a status or duration update changes no total.
    INSERT INTO pg_temp.attribution_delta
      SELECT s.* FROM old_calls o JOIN new_calls n USING (id)
      CROSS JOIN LATERAL (VALUES
        (-1, o.id, o.direction, o.tracking_line_id, o.office_id, o.call_start_time, o.caller_id, o.inquiry_id),
        (1, n.id, n.direction, n.tracking_line_id, n.office_id, n.call_start_time, n.caller_id, n.inquiry_id)
      ) s
      WHERE (o.direction, o.tracking_line_id, o.office_id, o.call_start_time, o.caller_id, o.inquiry_id)
        IS DISTINCT FROM (n.direction, n.tracking_line_id, n.office_id, n.call_start_time, n.caller_id, n.inquiry_id);
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO pg_temp.attribution_delta
      SELECT -1, id, direction, tracking_line_id, office_id, call_start_time, caller_id, inquiry_id FROM old_calls;
  ELSE
    INSERT INTO pg_temp.attribution_delta
      SELECT 1, id, direction, tracking_line_id, office_id, call_start_time, caller_id, inquiry_id FROM new_calls;
  END IF;
  PERFORM attribution_apply();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER calls_attribution_insert AFTER INSERT ON calls
  REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION attribution_calls_changed();
--> statement-breakpoint
CREATE TRIGGER calls_attribution_update AFTER UPDATE ON calls
  REFERENCING OLD TABLE AS old_calls NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION attribution_calls_changed();
--> statement-breakpoint
CREATE TRIGGER calls_attribution_delete AFTER DELETE ON calls
  REFERENCING OLD TABLE AS old_calls FOR EACH STATEMENT EXECUTE FUNCTION attribution_calls_changed();
--> statement-breakpoint
-- The calls already taken, counted once.
DO $$
BEGIN
  PERFORM attribution_prepare();
  INSERT INTO pg_temp.attribution_delta
    SELECT 1, id, direction, tracking_line_id, office_id, call_start_time, caller_id, inquiry_id FROM calls;
  PERFORM attribution_apply();
END $$;
