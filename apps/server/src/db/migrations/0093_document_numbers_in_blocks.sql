-- Invoice numbers taken a block at a time (docs/decisions/016, 019). The trigger of 0080 numbers one
-- row at a time, each an update of the year's counter row: a batch of 1,000 renewals paid in one
-- statement updated that row 1,000 times while holding it. A statement that issues many documents
-- takes their numbers with one update of the counter (take_document_numbers) and writes them itself;
-- the trigger then finds them numbered and leaves them. Still one series per year without gaps: the
-- block is taken in the transaction that issues the documents, and given back if it rolls back.
CREATE FUNCTION take_document_numbers(issued timestamptz, n integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  y integer := extract(year FROM issued AT TIME ZONE 'UTC');
  last integer;
BEGIN
  IF n < 1 THEN
    RETURN NULL;
  END IF;
  INSERT INTO document_number_counters AS c (year, last_number) VALUES (y, n)
    ON CONFLICT (year) DO UPDATE SET last_number = c.last_number + n
    RETURNING c.last_number INTO last;
  RETURN last - n + 1;
END;
$$;

-- The document number as printed: the year of issue and the number in that year's series.
CREATE FUNCTION document_number(issued timestamptz, n integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT extract(year FROM issued AT TIME ZONE 'UTC')::integer::text || '-' || lpad(n::text, 6, '0')
$$;

CREATE OR REPLACE FUNCTION next_document_number(issued timestamptz) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN document_number(issued, take_document_numbers(issued, 1));
END;
$$;
