import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { pruneUnroutedSms } from './assistant/service.ts';
import { pruneExpiredSessions } from './auth/sessions.ts';
import { AppRoleError, DataDirInUseError, openDatabase } from './db/client.ts';
import { systemClock } from './context.ts';
import { startChangeFeed } from './live/change-feed.ts';
import { createDispatcher, wakeOnOutboxChanges } from './notifications/dispatcher.ts';
import { linkSecret } from './notifications/link-tokens.ts';
import { providersFromConfig } from './notifications/providers/from-config.ts';
import { sharedSendSlots } from './notifications/send-slots.ts';
import { createPlanner } from './scheduler/planner.ts';

/**
 * How often each process deletes expired sessions (the lookup refuses them anyway; this keeps the table small)
 * and the texts from strangers past their retention (`pruneUnroutedSms`).
 */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/** Starts FamilyHub: opens (and migrates) the database, serves the API and the SPA on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      appDatabaseUrl: config.DATABASE_APP_URL,
      dataDir: config.DATA_DIR,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof AppRoleError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Live updates: this process LISTENs for every family's committed changes and streams each family its own.
  const changes = await startChangeFeed(database);
  const app = await buildApp({ db: database.db, config, clock: systemClock, changes });
  // The outbox dispatcher runs in every server process (never inside buildApp: tests drive it by hand).
  // Both cross families by design: they get the system handle (docs/security.md, "System scope").
  const dispatcher = createDispatcher({
    db: database.system,
    clock: systemClock,
    // The SMS pace per sending number is kept in PostgreSQL, so it holds across processes (ADR 010).
    providers: providersFromConfig(config, app.log, sharedSendSlots(database.system)),
    linkSecret: linkSecret(config),
    logger: app.log,
  });
  // It sleeps until the outbox's next due time, and wakes at once when a message is committed (ADR 030).
  const stopWaking = wakeOnOutboxChanges(changes, dispatcher);
  // The reminder planner ticks in every process too (idempotent; never inside buildApp: tests call it).
  const planner = createPlanner({
    db: database.system,
    clock: systemClock,
    publicUrl: config.PUBLIC_URL,
    logger: app.log,
    intervalMs: config.PLANNER_INTERVAL_SECONDS * 1000,
  });

  const pruning = setInterval(() => {
    pruneExpiredSessions(database.system, systemClock.now()).catch((error: unknown) =>
      app.log.error({ err: error }, 'pruning expired sessions failed'),
    );
    pruneUnroutedSms(database.system, systemClock.now()).catch((error: unknown) =>
      app.log.error({ err: error }, 'pruning unrouted texts failed'),
    );
  }, PRUNE_INTERVAL_MS);
  pruning.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close(); // stops accepting, lets in-flight requests finish
    clearInterval(pruning);
    await planner.stop(); // lets a tick in progress commit
    stopWaking();
    await dispatcher.stop(); // finishes in-flight sends, hands unstarted claims back
    await changes.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  dispatcher.start();
  planner.start();
  console.log(`FamilyHub is running at ${config.PUBLIC_URL} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
