/**
 * Issue 46: the operator's command to read or set one family's plan limits (members, events a month, SMS).
 * `npm run family:limits -- --email ana@example.com --max-members 6` (README "Plan limits"). Opens the database
 * the settings name (DATABASE_URL, or the PGlite files in DATA_DIR: stop the server first, PGlite takes one
 * process) and prints the family's limits; exits 1 with the problem and the usage on bad arguments.
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { describeFamilyLimits, parseFamilyLimitsArgs, setFamilyLimits } from '../src/server/members/plan.ts';

async function main(): Promise<void> {
  let request;
  try {
    request = parseFamilyLimitsArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    appDatabaseUrl: config.DATABASE_APP_URL,
    dataDir: config.DATA_DIR,
    poolSize: 1,
  });
  try {
    console.log(describeFamilyLimits(await setFamilyLimits(database.system, request.family, request.limits)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

await main();
