CREATE TABLE "inspirations" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"title" text NOT NULL,
	"platform" text NOT NULL,
	"author" text NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"shares" integer NOT NULL,
	"heat" bigint NOT NULL,
	"hook" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_topic_heat" (
	"topic_id" text NOT NULL,
	"day" date NOT NULL,
	"heat" bigint NOT NULL,
	CONSTRAINT "hot_topic_heat_topic_id_day_pk" PRIMARY KEY("topic_id","day")
);
--> statement-breakpoint
CREATE TABLE "hot_topics" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"platform" text NOT NULL,
	"heat" bigint NOT NULL,
	"trend" bigint[] DEFAULT '{}' NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_favorites" (
	"user_id" uuid NOT NULL,
	"topic_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_favorites_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "hot_topic_heat" ADD CONSTRAINT "hot_topic_heat_topic_id_hot_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."hot_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_favorites" ADD CONSTRAINT "topic_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_favorites" ADD CONSTRAINT "topic_favorites_topic_id_hot_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."hot_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspirations_category_heat_idx" ON "inspirations" USING btree ("category_id","heat" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspirations_category_likes_idx" ON "inspirations" USING btree ("category_id","likes" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspirations_category_published_idx" ON "inspirations" USING btree ("category_id","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspirations_heat_idx" ON "inspirations" USING btree ("heat" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspirations_likes_idx" ON "inspirations" USING btree ("likes" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inspirations_published_idx" ON "inspirations" USING btree ("published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "hot_topics_heat_idx" ON "hot_topics" USING btree ("heat" DESC NULLS LAST) WHERE "hot_topics"."active";--> statement-breakpoint
CREATE INDEX "hot_topics_platform_heat_idx" ON "hot_topics" USING btree ("platform","heat" DESC NULLS LAST) WHERE "hot_topics"."active";--> statement-breakpoint
CREATE INDEX "hot_topics_category_heat_idx" ON "hot_topics" USING btree ("category","heat" DESC NULLS LAST) WHERE "hot_topics"."active";--> statement-breakpoint
CREATE INDEX "hot_topics_platform_category_heat_idx" ON "hot_topics" USING btree ("platform","category","heat" DESC NULLS LAST) WHERE "hot_topics"."active";--> statement-breakpoint
CREATE INDEX "topic_favorites_user_created_idx" ON "topic_favorites" USING btree ("user_id","created_at" DESC NULLS LAST);