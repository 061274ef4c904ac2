import { defineConfig } from 'drizzle-kit';

// Used only to draft a migration from the schema; migrations are applied by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle-draft',
});
