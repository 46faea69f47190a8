// Writes a dump of a freshly migrated, empty PGlite data directory (see openPglite).
import { writeFileSync } from 'node:fs';
import { openPglite, pgliteTemplateFile } from './database.ts';

const database = await openPglite({});
const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
const dump = await client.dumpDataDir('none');
writeFileSync(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
await database.close();
