/* Test support (not product code): real CalDAV clients from Debian (python3-caldav, vdirsyncer) driving a server. */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PYTHON } from '../oracles/python.ts';
import type { CaldavTarget } from './radicale.ts';

export type { CaldavTarget } from './radicale.ts';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client.py');

/** Longest run of the whole client scenario (ms): about 3 s against Radicale on an idle machine. */
const SCENARIO_TIMEOUT_MS = 90_000;
/** Longest run of one vdirsyncer command or client helper (ms). */
const COMMAND_TIMEOUT_MS = 60_000;

/** What one child process did: exit code (null when killed), and its whole stdout and stderr. */
interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `args` under Debian's Python with `input` on stdin; kills it after `timeoutMs`. Never rejects. */
function runPython(args: string[], input: string, timeoutMs: number, cwd?: string): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (code, signal) =>
      resolve({
        code,
        stdout,
        stderr: signal ? `${stderr}\nkilled by ${signal} after ${timeoutMs} ms` : stderr,
      }),
    );
    child.stdin.end(input);
  });
}

/** The JSON object a client.py run printed. @throws Error with its stderr when it printed none. */
function parseJson(ran: Ran, what: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(ran.stdout);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { ...parsed };
  } catch {
    // reported below with the process's output
  }
  throw new Error(`${what} printed no JSON object (exit ${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
}

/**
 * Runs the python3-caldav scenario (test/caldav/client.py) against `target` and returns its results: one entry
 * per step (`discovery`, `wrong_password`, `create`, `fetch`, `edit_with_etag`, `stale_etag`, `lookup_by_uid`,
 * `wrong_component`, `sync_tokens`, `recurring_series`, `todos`, `cleanup`), each an object of booleans, counts,
 * summaries, HTTP statuses and UTC instants (`"YYYY-MM-DDTHH:MM:SSZ"`), or `{ failure: "Error: message" }`.
 * Takes about 3 s (90 s at most). Set CALDAV_CLIENT_TRACE=1 to see a failing step's Python traceback on stderr.
 * @throws Error when the script crashes or prints no JSON (its stdout and stderr in the message).
 */
export async function runCaldavClient(target: CaldavTarget): Promise<Record<string, unknown>> {
  const ran = await runPython(
    [CLIENT, target.url, target.username, target.password],
    '',
    SCENARIO_TIMEOUT_MS,
  );
  if (ran.stderr.trim() && process.env.CALDAV_CLIENT_TRACE) console.error(ran.stderr);
  return parseJson(ran, 'client.py');
}

/** One of client.py's helper commands (`collections`, `event <uid>`, `set-summary <uid> <summary>`). */
export async function caldavHelper(
  target: CaldavTarget,
  ...command: string[]
): Promise<Record<string, unknown>> {
  const ran = await runPython(
    [CLIENT, target.url, target.username, target.password, ...command],
    '',
    COMMAND_TIMEOUT_MS,
  );
  return parseJson(ran, `client.py ${command[0] ?? ''}`);
}

/** The event the round trip writes locally: its UID, SUMMARY and start (Los Angeles wall time, UTC instant). */
export interface RoundTripEvent {
  uid: string;
  summary: string;
  /** DTSTART as written: `20300409T160000` in America/Los_Angeles. */
  localStart: string;
  /** The same instant in UTC: `2030-04-09T23:00:00Z`. */
  start: string;
}

/**
 * Changes the round trip's event on the server side, without vdirsyncer: for FamilyHub an edit through its own
 * API (find the event by summary and start, set its title to `newSummary`); for Radicale a CalDAV PUT
 * ({@link editSummaryWithCaldav}).
 */
export type ServerSideEdit = (event: RoundTripEvent, newSummary: string) => Promise<void>;

/**
 * The vdirsyncer round trip's results, normalised like the client's (no hrefs or names), one entry per stage;
 * a stage that threw is `{ failure }` and the stages after it are not run.
 */
export type RoundTripResults = Record<string, Record<string, unknown>>;

/** A python-caldav edit of the event with `uid` in the VEVENT collection: its SUMMARY set, PUT back. */
export function editSummaryWithCaldav(target: CaldavTarget): ServerSideEdit {
  return async (event, newSummary) => {
    const result = await caldavHelper(target, 'set-summary', event.uid, newSummary);
    if (result.saved !== true) throw new Error(`set-summary ${event.uid}: ${JSON.stringify(result)}`);
  };
}

/** A .ics text of one timed event in America/Los_Angeles, with its VTIMEZONE (RFC 5545 §3.6.5). */
function eventText(event: RoundTripEvent, localEnd: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FamilyHub//vdirsyncer round trip//EN',
    'BEGIN:VTIMEZONE',
    'TZID:America/Los_Angeles',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0800',
    'TZOFFSETTO:-0700',
    'TZNAME:PDT',
    'DTSTART:20070311T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0700',
    'TZOFFSETTO:-0800',
    'TZNAME:PST',
    'DTSTART:20071104T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    'DTSTAMP:20300101T000000Z',
    `DTSTART;TZID=America/Los_Angeles:${event.localStart}`,
    `DTEND;TZID=America/Los_Angeles:${localEnd}`,
    `SUMMARY:${event.summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The SUMMARY of an .ics text (folded lines joined), or null. */
function summaryOf(ics: string): string | null {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const line = unfolded.split(/\r?\n/).find((l) => /^SUMMARY[;:]/.test(l));
  return line ? line.slice(line.indexOf(':') + 1).replace(/\\,/g, ',') : null;
}

/** The vdirsyncer config of the round trip: a `filesystem` storage (.ics files) paired with the CalDAV target. */
function vdirsyncerConfig(dir: string, target: CaldavTarget): string {
  // vdirsyncer reads each value as JSON.
  const value = (v: string) => JSON.stringify(v);
  return [
    '[general]',
    `status_path = ${value(path.join(dir, 'status') + '/')}`,
    '',
    '[pair family]',
    'a = "family_local"',
    'b = "family_remote"',
    // Every collection of the home the server lists (vdirsyncer finds it through current-user-principal and
    // calendar-home-set, then PROPFIND Depth 1), each a local folder named after its URL's last segment.
    'collections = ["from b"]',
    '',
    '[storage family_local]',
    'type = "filesystem"',
    `path = ${value(path.join(dir, 'local') + '/')}`,
    'fileext = ".ics"',
    '',
    '[storage family_remote]',
    'type = "caldav"',
    `url = ${value(target.url)}`,
    `username = ${value(target.username)}`,
    `password = ${value(target.password)}`,
    '',
  ].join('\n');
}

/**
 * vdirsyncer 0.19 two ways between a local folder of .ics files and `target`'s calendar home:
 * 1. `discover` (answering "y" to "Should vdirsyncer attempt to create it?" for each local folder it lacks) and
 *    a first `sync`;
 * 2. an event file added to the VEVENT collection's folder (found by component through client.py, never by
 *    name), `sync`: it must reach the server (checked with python-caldav, by UID);
 * 3. `editOnServer` changes its title on the server, `sync`: the local file must carry the new SUMMARY;
 * 4. the local file deleted, `sync`: the event must be gone from the server (this also cleans up).
 * Results per stage: `setup` { discover_exit, sync_exit, local_folders }, `local_add` { sync_exit,
 * reached_server, server_summary, server_start }, `server_edit` { sync_exit, local_files, edit_came_back,
 * local_summary }, `local_delete` { sync_exit, gone_from_server }. About 6 s (4 vdirsyncer runs, 4 lookups).
 * @param target the server and account; its home holds one VEVENT and one VTODO collection.
 * @param editOnServer the server-side edit of step 3 (see {@link ServerSideEdit}).
 */
export async function runVdirsyncerRoundTrip(
  target: CaldavTarget,
  editOnServer: ServerSideEdit,
): Promise<RoundTripResults> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'familyhub-vdirsyncer-'));
  const config = path.join(dir, 'config');
  fs.mkdirSync(path.join(dir, 'local'));
  fs.writeFileSync(config, vdirsyncerConfig(dir, target));
  const vdirsyncer = (...args: string[]) =>
    runPython(['-m', 'vdirsyncer', '-c', config, ...args], 'y\n'.repeat(10), COMMAND_TIMEOUT_MS, dir);
  const sync = async (...options: string[]): Promise<number | null> => {
    const ran = await vdirsyncer('sync', ...options);
    if (ran.code !== 0)
      throw new Error(`vdirsyncer sync exited ${ran.code}: ${ran.stderr.trim().slice(-500)}`);
    return ran.code;
  };

  const results: RoundTripResults = {};
  const event: RoundTripEvent = {
    uid: `familyhub-vdirsyncer-${randomUUID()}`,
    summary: 'Piano lesson',
    localStart: '20300409T160000',
    start: '2030-04-09T23:00:00Z',
  };
  const newSummary = 'Piano lesson (edited on the server)';
  let stage = 'setup';
  try {
    const discovered = await vdirsyncer('discover');
    if (discovered.code !== 0) {
      throw new Error(
        `vdirsyncer discover exited ${discovered.code}: ${discovered.stderr.trim().slice(-500)}`,
      );
    }
    const firstSync = await sync();
    const localFolders = fs.readdirSync(path.join(dir, 'local'));
    results.setup = {
      discover_exit: discovered.code,
      sync_exit: firstSync,
      local_folders: localFolders.length,
    };

    stage = 'local_add';
    const collections = await caldavHelper(target, 'collections');
    const eventsUrl = collections.VEVENT;
    if (typeof eventsUrl !== 'string')
      throw new Error(`no single VEVENT collection: ${JSON.stringify(collections)}`);
    // vdirsyncer names a collection by its URL's last path segment, unquoted.
    const folder = path.join(
      dir,
      'local',
      decodeURIComponent(eventsUrl.replace(/\/$/, '').split('/').pop() ?? ''),
    );
    const file = path.join(folder, `${event.uid}.ics`);
    fs.writeFileSync(file, eventText(event, '20300409T170000'));
    const upSync = await sync();
    const onServer = await caldavHelper(target, 'event', event.uid);
    results.local_add = {
      sync_exit: upSync,
      reached_server: onServer.found === true,
      server_summary: onServer.summary ?? null,
      server_start: onServer.start ?? null,
    };

    stage = 'server_edit';
    await editOnServer(event, newSummary);
    const downSync = await sync();
    const mine = fs
      .readdirSync(folder)
      .map((name) => fs.readFileSync(path.join(folder, name), 'utf8'))
      .filter((text) => text.includes(event.uid));
    const localSummary = mine.length === 1 && mine[0] !== undefined ? summaryOf(mine[0]) : null;
    results.server_edit = {
      sync_exit: downSync,
      local_files: mine.length,
      edit_came_back: localSummary === newSummary,
      local_summary: localSummary,
    };

    stage = 'local_delete';
    for (const name of fs.readdirSync(folder)) {
      if (fs.readFileSync(path.join(folder, name), 'utf8').includes(event.uid))
        fs.rmSync(path.join(folder, name));
    }
    // vdirsyncer refuses to sync a folder it finds emptied unless told to: here the emptied one held only our
    // event, so --force-delete deletes that event on the server and nothing else.
    const deleteSync = await sync('--force-delete');
    const afterDelete = await caldavHelper(target, 'event', event.uid);
    results.local_delete = { sync_exit: deleteSync, gone_from_server: afterDelete.found === false };
  } catch (error) {
    results[stage] = { failure: error instanceof Error ? error.message : String(error) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/**
 * The keys whose values differ between FamilyHub's results and Radicale's, flattened to `step.key` (a step that
 * failed on one side only shows as `step.failure`). Arrays and objects compare by their JSON.
 * @param ours results of {@link runCaldavClient} or {@link runVdirsyncerRoundTrip} against FamilyHub.
 * @param reference the same against Radicale.
 * @param allowed `step.key` names where the RFCs leave room and the two servers may differ (e.g. Radicale
 *   3.1.8 does not expand recurrences itself: `recurring_series.server_expanded`); each is ignored.
 * @returns the differing keys, sorted, each with both values: `[{ key, ours, reference }]`; empty when equal.
 */
export function compareWithReference(
  ours: Record<string, unknown>,
  reference: Record<string, unknown>,
  allowed: readonly string[] = [],
): { key: string; ours: unknown; reference: unknown }[] {
  const flat = (results: Record<string, unknown>): Map<string, string> => {
    const out = new Map<string, string>();
    for (const [step, value] of Object.entries(results)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [key, inner] of Object.entries(value)) out.set(`${step}.${key}`, JSON.stringify(inner));
      } else {
        out.set(step, JSON.stringify(value));
      }
    }
    return out;
  };
  const a = flat(ours);
  const b = flat(reference);
  const keys = [...new Set([...a.keys(), ...b.keys()])].filter((key) => !allowed.includes(key)).sort();
  return keys
    .filter((key) => a.get(key) !== b.get(key))
    .map((key) => ({ key, ours: parse(a.get(key)), reference: parse(b.get(key)) }));
}

function parse(json: string | undefined): unknown {
  return json === undefined ? undefined : JSON.parse(json);
}
