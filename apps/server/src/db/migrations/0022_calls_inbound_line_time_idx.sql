-- The attribution report over millions of calls: a tracking line's inbound calls in time order, with every
-- column the report reads, so each mapping version's calls are one range of this index, read without the table
-- (the report joins on call_start_time < coalesce(effective_to, 'infinity'), which bounds the range both ways).
CREATE INDEX "calls_inbound_line_time_idx" ON "calls" USING btree ("tracking_line_id","call_start_time","id","caller_id","inquiry_id","office_id") WHERE "calls"."direction" = 'INBOUND';
