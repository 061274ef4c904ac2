import { readFile } from 'node:fs/promises';
import type { DbOrTx } from '../db/client';
import { createCatalogService } from '../modules/catalog';
import { demoCatalogFile } from '../paths';

/**
 * The demo catalogue (every product of spec §1, at least one plan of each kind, one retired plan),
 * loaded from assets/demo-catalog.json through the same import as `npm run ops -- catalog:import`.
 */
export async function seedCatalog(db: DbOrTx): Promise<void> {
  await createCatalogService({ db }).importCatalog(JSON.parse(await readFile(demoCatalogFile, 'utf8')));
}
