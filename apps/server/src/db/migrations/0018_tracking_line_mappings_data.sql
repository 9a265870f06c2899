-- Custom SQL migration file, put your code below! --
-- A line's mapping versions never overlap, so a call's time names exactly one version (its attribution).
ALTER TABLE tracking_line_mappings ADD CONSTRAINT tracking_line_mappings_no_overlap
  EXCLUDE USING gist (tracking_line_id WITH =, tstzrange(effective_from, effective_to) WITH &&);
--> statement-breakpoint
-- Existing lines keep their meaning as their first version, in force from before their first call, so every
-- call already taken keeps its source. Where a line rings: the office named by point_to, else its own office,
-- else the call centre; the type is read from the source's wording where it says it.
INSERT INTO tracking_line_mappings (tracking_line_id, source, campaign, type, point_to_office_id, office_id, effective_from, effective_to)
SELECT l.id, l.source, '',
  CASE
    WHEN l.source ~* '\mtv\M' THEN 'TV'
    WHEN l.source ~* 'radio' THEN 'RADIO'
    WHEN l.source ~* 'billboard' THEN 'BILLBOARD'
    WHEN l.source ~* 'google|facebook|web|digital|online' THEN 'DIGITAL'
    WHEN l.source ~* 'referral' THEN 'REFERRAL'
    ELSE 'OTHER'
  END,
  p.id, coalesce(l.office_id, p.id),
  least(l.created_at, (SELECT min(c.call_start_time) FROM calls c WHERE c.tracking_line_id = l.id)),
  CASE WHEN l.active THEN NULL ELSE greatest(l.created_at, (SELECT max(c.call_start_time) FROM calls c WHERE c.tracking_line_id = l.id)) END
FROM tracking_lines l
CROSS JOIN LATERAL (
  SELECT coalesce(
    (SELECT o.id FROM offices o WHERE o.name = l.point_to),
    l.office_id,
    (SELECT o.id FROM offices o WHERE o.office_type = 'CALL_CENTER' ORDER BY o.name LIMIT 1)
  ) AS id
) p
WHERE l.source IS NOT NULL AND p.id IS NOT NULL;
