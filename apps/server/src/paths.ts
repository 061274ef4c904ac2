import { join } from 'node:path';

// This file sits directly in src/, and the production bundle is dist/server.js: both are one folder
// below the server package, so the package's folder is found the same way from either.
const serverDir = join(import.meta.dirname, '..');

/** Files the server reads at run time (the EULA PDFs). */
export const assetsDir = join(serverDir, 'assets');
/** The demo catalogue, in the file format of `catalog:import` (docs/operator.md). */
export const demoCatalogFile = join(assetsDir, 'demo-catalog.json');
/** The numbered SQL migrations, read from the source tree by the bundle too. */
export const migrationsDir = join(serverDir, 'src', 'db', 'migrations');
/** The built web app, served on the API's port unless WEB_DIST says otherwise. */
export const webDistDir = join(serverDir, '..', 'web', 'dist');
