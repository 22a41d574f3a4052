-- Issue 39. Every value these columns hold is one the code has written since their tables came (the rate rules'
-- kinds, the report kinds, the suppression reasons, the tracking event types; a payment is written only once it
-- succeeded). `manual` stays a suppression reason for addresses an operator suppressed by hand.
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_kind_check" CHECK ("auth_attempts"."kind" IN ('login_failure', 'register', 'resend_verification', 'forgot_password', 'email_change', 'email_change_to', 'sign_in_link', 'invitation', 'invitation_mail', 'workspace_create'));--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_kind_check" CHECK ("delivery_reports"."kind" IN ('hard', 'soft', 'delayed', 'complaint'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('succeeded'));--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_reason_check" CHECK ("suppressions"."reason" IN ('unsubscribed', 'bounced', 'soft-bounced', 'complained', 'erased', 'left', 'manual'));--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_type_check" CHECK ("tracking_events"."type" IN ('open', 'machine_open', 'click', 'download', 'unsubscribe'));