CREATE TABLE "commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"distributor_id" uuid NOT NULL,
	"buyer_user_id" uuid NOT NULL,
	"order_amount_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "commissions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "commissions_order_amount_nonnegative" CHECK ("commissions"."order_amount_cents" >= 0),
	CONSTRAINT "commissions_amount_in_range" CHECK ("commissions"."amount_cents" >= 0 AND "commissions"."amount_cents" <= "commissions"."order_amount_cents")
);
--> statement-breakpoint
CREATE TABLE "distribution_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"available_delta" integer DEFAULT 0 NOT NULL,
	"pending_delta" integer DEFAULT 0 NOT NULL,
	"frozen_delta" integer DEFAULT 0 NOT NULL,
	"withdrawn_delta" integer DEFAULT 0 NOT NULL,
	"total_earned_delta" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_ledger_reason_ref_unique" UNIQUE("reason","ref_id")
);
--> statement-breakpoint
CREATE TABLE "distribution_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available_cents" integer DEFAULT 0 NOT NULL,
	"pending_cents" integer DEFAULT 0 NOT NULL,
	"frozen_cents" integer DEFAULT 0 NOT NULL,
	"withdrawn_cents" integer DEFAULT 0 NOT NULL,
	"total_earned_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_wallets_available_nonnegative" CHECK ("distribution_wallets"."available_cents" >= 0),
	CONSTRAINT "distribution_wallets_pending_nonnegative" CHECK ("distribution_wallets"."pending_cents" >= 0),
	CONSTRAINT "distribution_wallets_frozen_nonnegative" CHECK ("distribution_wallets"."frozen_cents" >= 0),
	CONSTRAINT "distribution_wallets_withdrawn_nonnegative" CHECK ("distribution_wallets"."withdrawn_cents" >= 0),
	CONSTRAINT "distribution_wallets_total_earned_nonnegative" CHECK ("distribution_wallets"."total_earned_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"real_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"payout_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_ledger" ADD CONSTRAINT "distribution_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_wallets" ADD CONSTRAINT "distribution_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_due_idx" ON "commissions" USING btree ("status","settle_at");--> statement-breakpoint
CREATE INDEX "commissions_distributor_idx" ON "commissions" USING btree ("distributor_id","buyer_user_id");--> statement-breakpoint
CREATE INDEX "commissions_distributor_created_idx" ON "commissions" USING btree ("distributor_id","created_at");--> statement-breakpoint
CREATE INDEX "distribution_ledger_user_idx" ON "distribution_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");