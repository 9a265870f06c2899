-- Custom SQL migration file, put your code below! --
-- The audit trail is append-only (0002 refuses UPDATE and DELETE row by row); TRUNCATE fires no row trigger, so a
-- statement trigger refuses it too. Emptying the trail takes dropping the trigger, a schema change that shows.
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
