-- docs/design.md §3: a monthly-reset plan's month of usage starts with the base RTUs its fee paid for
-- counted as billed, so only RTUs beyond them are billed as overage. Running months start there too.
UPDATE "subscriptions" s SET "billed_rtus_this_month" = p."base_rtus"
FROM "pricing_plans" p
WHERE p."id" = s."pricing_plan_id" AND NOT s."annual_usage_reset" AND s."billed_rtus_this_month" < p."base_rtus";
