/**
 * A worker process the import crash test kills part way: it builds the real deps on the test's database and runs
 * one import the way the `royalties:import` job does.
 */
import { loadConfig } from '../src/config';
import { runImport } from '../src/modules/royalties/import-run';
import { createDeps } from '../src/platform/boot';

const config = loadConfig();
const deps = await createDeps(config, config.databaseUrl!);
process.stdout.write('ready\n');
await runImport(deps, Number(process.env.CRASH_IMPORT_ID));
process.stdout.write('done\n');
process.exit(0);
