-- A EULA PDF the operator uploads in the console is kept in the database (base64), so that every
-- server process and a restored backup have it; eula_pdf names a file shipped in assets/.
ALTER TABLE "products" ADD COLUMN "eula_pdf_base64" text;
