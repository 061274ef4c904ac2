-- Invoice and credit-note numbers (docs/decisions/016): one series per year, without gaps, apart from
-- order ids. The number is taken by the statement that issues the document, in its transaction: the
-- counter row of the year stays locked until that transaction ends, so concurrent issues queue on it
-- and a rolled-back one gives its number back. A card bill is issued when paid, an offline invoice
-- when issued; a declined or abandoned order never takes one.
CREATE TABLE "document_number_counters" (
  "year" integer PRIMARY KEY,
  "last_number" integer NOT NULL
);

CREATE FUNCTION next_document_number(issued timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  y integer := extract(year FROM issued AT TIME ZONE 'UTC');
  n integer;
BEGIN
  INSERT INTO document_number_counters AS c (year, last_number) VALUES (y, 1)
    ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO n;
  RETURN y::text || '-' || lpad(n::text, 6, '0');
END;
$$;

ALTER TABLE "orders" ADD COLUMN "invoice_number" text UNIQUE;

-- The statuses of an issued invoice: ChargePaid 260, OfflineInvoice 513, OfflinePending 514,
-- OfflinePaid 516, OfflinePastDue 520.
CREATE FUNCTION number_issued_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.invoice_number := next_document_number(COALESCE(NEW.paid_at, NEW.billing_date));
  RETURN NEW;
END;
$$;

CREATE TRIGGER "orders_invoice_number" BEFORE INSERT OR UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (NEW.invoice_number IS NULL AND NEW.status IN (260, 513, 514, 516, 520))
  EXECUTE FUNCTION number_issued_invoice();

-- Bills issued before numbering: numbered once, in the order they were issued.
DO $$
DECLARE
  bill record;
BEGIN
  FOR bill IN SELECT id FROM orders WHERE status IN (260, 513, 514, 516, 520)
      ORDER BY COALESCE(paid_at, billing_date), id LOOP
    UPDATE orders SET status = status WHERE id = bill.id;
  END LOOP;
END;
$$;
