-- A short-link click announces its referrer on the change feed (decision 036): the referral
-- analytics are cached per user until that user's clicks, referred sign-ups (users triggers) or
-- commissions (commissions triggers) change.
CREATE TRIGGER "referral_clicks_announce_insert" AFTER INSERT ON "referral_clicks" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('referrer_id');
--> statement-breakpoint
CREATE TRIGGER "referral_clicks_announce_delete" AFTER DELETE ON "referral_clicks" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_user_changes"('referrer_id');
