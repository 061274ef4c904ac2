CREATE TABLE "pricing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" integer NOT NULL,
	"plan_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_fee_cents" integer NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"is_charge_per_report" boolean DEFAULT false NOT NULL,
	"is_batch_mode" boolean DEFAULT false NOT NULL,
	"base_rtus" integer DEFAULT 0 NOT NULL,
	"overage_per_rtu_micros" bigint DEFAULT 0 NOT NULL,
	"num_rtus_per_report" integer DEFAULT 1 NOT NULL,
	"num_pages_in_base_report_charge" integer DEFAULT 1 NOT NULL,
	"num_pages_per_rtu" integer DEFAULT 1 NOT NULL,
	"num_auto_tags" integer DEFAULT 0 NOT NULL,
	"xtra_auto_tag_per_month_cents" integer DEFAULT 0 NOT NULL,
	"allow_xtra_auto_tag" boolean DEFAULT false NOT NULL,
	"number_cores" integer DEFAULT 0 NOT NULL,
	"number_threads" integer DEFAULT 0 NOT NULL,
	"max_reports_day" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);

CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"eula_pdf" text,
	"eula_html" text,
	CONSTRAINT "products_product_unique" UNIQUE("product"),
	CONSTRAINT "products_name_unique" UNIQUE("name")
);

CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"subscription_id" integer,
	"description" text NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"plan_name" text DEFAULT '' NOT NULL,
	"billing_mode" integer,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"list_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL
);

CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"billing_date" timestamp with time zone NOT NULL,
	"due_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"idempotency_key" text,
	"request_hash" text,
	"request" jsonb,
	"period_key" text,
	"failure_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"billed_to" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_period_key_unique" UNIQUE("period_key")
);

CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"gateway_charge_id" text,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_attempts_gateway_key_unique" UNIQUE("gateway_key")
);

CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"parent_organization_id" integer,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"allow_monthly" boolean DEFAULT true NOT NULL,
	"is_perpetual_account" boolean DEFAULT false NOT NULL,
	"billed_by_invoice" boolean DEFAULT false NOT NULL,
	"addr1" text DEFAULT '' NOT NULL,
	"addr2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"billing_name" text,
	"billing_company" text,
	"billing_addr1" text,
	"billing_addr2" text,
	"billing_city" text,
	"billing_state" text,
	"billing_country" text,
	"billing_zip" text,
	"gateway_customer_id" text,
	"payment_method_id" text,
	"card_last_four" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "one_time_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"person_id" integer,
	"email" text NOT NULL,
	"new_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_tokens_token_hash_unique" UNIQUE("token_hash")
);

CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"rights" integer DEFAULT 1 NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);

CREATE TABLE "machine_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"hostname" text NOT NULL,
	"activated_at" timestamp with time zone NOT NULL
);

CREATE TABLE "perpetual_licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"description" text NOT NULL,
	"version" text NOT NULL,
	"product" integer NOT NULL,
	"num_machines" integer NOT NULL,
	"num_cpus" integer NOT NULL,
	CONSTRAINT "perpetual_licenses_subscription_id_unique" UNIQUE("subscription_id")
);

CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"pricing_plan_id" integer NOT NULL,
	"description" text NOT NULL,
	"max_additional_monthly_charge_cents" integer DEFAULT 0 NOT NULL,
	"xtra_auto_tags" integer DEFAULT 0 NOT NULL,
	"number_machines" integer DEFAULT 0 NOT NULL,
	"billing_mode" integer NOT NULL,
	"billing_mode_discount_bp" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"deactivate_date" timestamp with time zone,
	"is_perpetual_license" boolean DEFAULT false NOT NULL,
	"is_offline_enabled" boolean DEFAULT false NOT NULL,
	"offline_license_key" text,
	"offline_auto_tag_hosts" text,
	"offline_engine_hosts" text,
	"offline_volume" boolean DEFAULT false NOT NULL,
	"allow_offline" boolean DEFAULT true NOT NULL,
	"api_key1" text NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"next_base_billing_date" timestamp with time zone,
	"next_overage_billing_date" timestamp with time zone,
	"anchor_day" integer DEFAULT 1 NOT NULL,
	"annual_usage_reset" boolean DEFAULT false NOT NULL,
	"accrued_rtus_this_month" bigint DEFAULT 0 NOT NULL,
	"billed_rtus_this_month" bigint DEFAULT 0 NOT NULL,
	"overage_charges_paid_this_month_cents" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_api_key1_unique" UNIQUE("api_key1")
);

CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);

CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_method_id" text NOT NULL,
	"status" text NOT NULL,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);

CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);

CREATE TABLE "usage_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"hostname" text NOT NULL,
	"pages" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);

CREATE TABLE "usage_rollups" (
	"subscription_id" integer NOT NULL,
	"hostname" text NOT NULL,
	"day" date NOT NULL,
	"pages" bigint NOT NULL,
	CONSTRAINT "usage_rollups_subscription_id_day_hostname_pk" PRIMARY KEY("subscription_id","day","hostname")
);

ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_organization_id_organizations_id_fk" FOREIGN KEY ("parent_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "persons" ADD CONSTRAINT "persons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "machine_activations" ADD CONSTRAINT "machine_activations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "perpetual_licenses" ADD CONSTRAINT "perpetual_licenses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "usage_reports" ADD CONSTRAINT "usage_reports_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "usage_rollups" ADD CONSTRAINT "usage_rollups_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");
CREATE UNIQUE INDEX "orders_org_idempotency_unique" ON "orders" USING btree ("organization_id","idempotency_key");
CREATE INDEX "orders_org_idx" ON "orders" USING btree ("organization_id","billing_date");
CREATE INDEX "orders_retry_idx" ON "orders" USING btree ("next_attempt_at");
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");
CREATE INDEX "one_time_tokens_email_idx" ON "one_time_tokens" USING btree ("email");
CREATE UNIQUE INDEX "persons_org_email_unique" ON "persons" USING btree ("organization_id",lower("email"));
CREATE INDEX "persons_email_idx" ON "persons" USING btree (lower("email"));
CREATE INDEX "sessions_person_idx" ON "sessions" USING btree ("person_id");
CREATE UNIQUE INDEX "machine_activations_unique" ON "machine_activations" USING btree ("subscription_id","kind","hostname");
CREATE INDEX "subscriptions_org_idx" ON "subscriptions" USING btree ("organization_id");
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_base_billing_date");
CREATE INDEX "subscriptions_overage_due_idx" ON "subscriptions" USING btree ("next_overage_billing_date");
CREATE UNIQUE INDEX "usage_reports_tx_unique" ON "usage_reports" USING btree ("subscription_id","transaction_id");
CREATE INDEX "usage_rollups_sub_idx" ON "usage_rollups" USING btree ("subscription_id");