-- Entitlements (docs/decisions/039): the named features a plan licenses, as the operator writes them
-- (`ocr`, `max-pages-per-document=500`), sorted by name. The catalogue writes this column; licensing
-- copies it into every answer and signed license file. packages/core checks the grammar; the database
-- keeps the count bounded as a last line.
ALTER TABLE "pricing_plans" ADD COLUMN "entitlements" text[] NOT NULL DEFAULT '{}';
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_entitlements_count_check" CHECK (cardinality("entitlements") <= 50);
