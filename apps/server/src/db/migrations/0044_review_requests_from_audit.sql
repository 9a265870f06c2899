-- Custom SQL migration file, put your code below! --
-- Review requests sent before review_requests existed, from the audit rows the chat options wrote with them:
-- a text's row names its sms_messages row (chat_option.send_review_text), a mail's its mail_outbox row
-- (chat_option.send_review). A mail's number is the client's now (the best one could do afterwards).
INSERT INTO review_requests (channel, client_id, inquiry_id, office_id, operator_id, sms_message_id, phone_number, sent_at)
SELECT 'TEXT', m.client_id, m.inquiry_id, m.office_id, m.operator_id, m.id, m.to_number, m.created_date
FROM audit_events a
JOIN sms_messages m ON m.id::text = a.entity_id
WHERE a.action = 'chat_option.send_review_text' AND a.entity = 'sms_message'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO review_requests (channel, client_id, office_id, operator_id, mail_id, phone_number, sent_at)
SELECT 'MAIL', o.client_id, o.office_id, a.actor_id, o.id,
  (SELECT coalesce(c.mobile_number, c.primary_number, c.home_number, c.secondary_number) FROM clients c WHERE c.id = o.client_id),
  a.occurred_at
FROM audit_events a
JOIN mail_outbox o ON o.id::text = a.entity_id
WHERE a.action = 'chat_option.send_review' AND a.entity = 'mail_outbox'
ON CONFLICT DO NOTHING;
