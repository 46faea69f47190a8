CREATE TABLE "personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_name" text NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"input" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personas_user_idx" ON "personas" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "personas_one_default_per_user" ON "personas" USING btree ("user_id") WHERE "personas"."is_default";