import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the typed schema (one file per feature) and reviewed as SQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
});
