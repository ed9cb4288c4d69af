/**
 * A worker process the crash test kills in the middle of a batch: it builds the real deps on the test's database and
 * runs the work's due delivery steps, exactly as a delivery job does (distribution.tasks.ts). Settings come from the
 * environment the test gives it.
 */
import { loadConfig } from '../src/config';
import { runDeliveries } from '../src/modules/distribution/delivery-run';
import { createDeps } from '../src/platform/boot';

const config = loadConfig();
const deps = await createDeps(config, config.databaseUrl!);
process.stdout.write('ready\n');
await runDeliveries(deps, Number(process.env.CRASH_WORK_ID));
process.stdout.write('done\n');
process.exit(0);
