CREATE TABLE "creator_generations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"input" jsonb NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"error" text,
	"runner_id" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "creator_variants" (
	"generation_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"error" text,
	CONSTRAINT "creator_variants_generation_id_idx_pk" PRIMARY KEY("generation_id","idx")
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"generation_id" uuid NOT NULL,
	"variant_index" integer NOT NULL,
	"title" text NOT NULL,
	"hook" text NOT NULL,
	"scenes" jsonb NOT NULL,
	"twist" text,
	"cta" text NOT NULL,
	"tags" jsonb NOT NULL,
	"cover_text" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_generations" ADD CONSTRAINT "creator_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_variants" ADD CONSTRAINT "creator_variants_generation_id_creator_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."creator_generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_generation_id_creator_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."creator_generations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_generations_user_idx" ON "creator_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "creator_generations_running_idx" ON "creator_generations" USING btree ("heartbeat_at") WHERE "creator_generations"."status" = 'generating';--> statement-breakpoint
CREATE UNIQUE INDEX "scripts_generation_variant_idx" ON "scripts" USING btree ("generation_id","variant_index");--> statement-breakpoint
CREATE INDEX "scripts_user_idx" ON "scripts" USING btree ("user_id","confirmed","updated_at");