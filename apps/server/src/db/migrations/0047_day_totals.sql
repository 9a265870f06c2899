CREATE TABLE "lead_day_totals" (
	"office_id" uuid,
	"day" date NOT NULL,
	"leads" bigint NOT NULL,
	CONSTRAINT "lead_day_totals_key" UNIQUE NULLS NOT DISTINCT("office_id","day")
);
--> statement-breakpoint
CREATE TABLE "appointment_day_totals" (
	"office_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stage_id" integer NOT NULL,
	"appointments" bigint NOT NULL,
	CONSTRAINT "appointment_day_totals_key" UNIQUE("office_id","day","stage_id")
);
--> statement-breakpoint
-- Running counts for the corporate dashboard (docs/dashboards.md): live appointments per office, UTC day and
-- stage; leads per office and UTC day. Statement triggers keep them in the writing transaction: each statement
-- adds its new rows and takes away its old ones, in key order (so two writers lock shared days alike), and an
-- update that moves nothing (most of them) writes nothing.
CREATE FUNCTION appointment_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the transition tables of the statement's kind exist, so each kind has its own branch (plpgsql plans
  -- a statement when it first runs it).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO appointment_day_totals AS t (office_id, day, stage_id, appointments)
    SELECT office_id, (appointment_date_time AT TIME ZONE 'UTC')::date, stage_id, count(*)
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_day_totals_key DO UPDATE
      SET appointments = t.appointments + excluded.appointments;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO appointment_day_totals AS t (office_id, day, stage_id, appointments)
    SELECT office_id, (appointment_date_time AT TIME ZONE 'UTC')::date, stage_id, -count(*)
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_day_totals_key DO UPDATE
      SET appointments = t.appointments + excluded.appointments;
  ELSE
    INSERT INTO appointment_day_totals AS t (office_id, day, stage_id, appointments)
    SELECT office_id, day, stage_id, sum(n) FROM (
      SELECT office_id, (appointment_date_time AT TIME ZONE 'UTC')::date AS day, stage_id, 1 AS n
        FROM new_rows WHERE deleted_at IS NULL
      UNION ALL
      SELECT office_id, (appointment_date_time AT TIME ZONE 'UTC')::date, stage_id, -1
        FROM old_rows WHERE deleted_at IS NULL
    ) moved GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT appointment_day_totals_key DO UPDATE
      SET appointments = t.appointments + excluded.appointments;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appointments_day_totals_insert AFTER INSERT ON appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER appointments_day_totals_update AFTER UPDATE ON appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER appointments_day_totals_delete AFTER DELETE ON appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION appointment_day_totals_apply();
--> statement-breakpoint
CREATE FUNCTION lead_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_day_totals AS t (office_id, day, leads)
    SELECT office_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT lead_day_totals_key DO UPDATE SET leads = t.leads + excluded.leads;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_day_totals AS t (office_id, day, leads)
    SELECT office_id, (created_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT lead_day_totals_key DO UPDATE SET leads = t.leads + excluded.leads;
  ELSE
    INSERT INTO lead_day_totals AS t (office_id, day, leads)
    SELECT office_id, day, sum(n) FROM (
      SELECT office_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS n FROM new_rows
      UNION ALL
      SELECT office_id, (created_at AT TIME ZONE 'UTC')::date, -1 FROM old_rows
    ) moved GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT lead_day_totals_key DO UPDATE SET leads = t.leads + excluded.leads;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inquiries_day_totals_insert AFTER INSERT ON inquiries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER inquiries_day_totals_update AFTER UPDATE ON inquiries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER inquiries_day_totals_delete AFTER DELETE ON inquiries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_day_totals_apply();
--> statement-breakpoint
-- What is there so far.
INSERT INTO appointment_day_totals (office_id, day, stage_id, appointments)
SELECT office_id, (appointment_date_time AT TIME ZONE 'UTC')::date, stage_id, count(*)
FROM appointments WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO lead_day_totals (office_id, day, leads)
SELECT office_id, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM inquiries GROUP BY 1, 2;
