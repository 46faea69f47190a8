CREATE TABLE "persona_analyses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'analysing' NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"error" text,
	"runner_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "distribution_ledger" ADD COLUMN "debt_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "distribution_wallets" ADD COLUMN "debt_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "persona_analyses" ADD CONSTRAINT "persona_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_analyses_running_idx" ON "persona_analyses" USING btree ("heartbeat_at") WHERE "persona_analyses"."status" = 'analysing';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_signup_once" ON "credit_ledger" USING btree ("user_id") WHERE "credit_ledger"."reason" = 'signup_bonus';--> statement-breakpoint
ALTER TABLE "distribution_wallets" ADD CONSTRAINT "distribution_wallets_debt_nonnegative" CHECK ("distribution_wallets"."debt_cents" >= 0);