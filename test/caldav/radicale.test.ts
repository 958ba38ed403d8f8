/**
 * The real-client harness proven against the reference server: Debian's python3-caldav scenario
 * (test/caldav/client.py) and a vdirsyncer two-way round trip, run against Debian's Radicale 3.1.8 started for
 * this file. Every step must give what an RFC-conforming server gives (test/caldav/expected.ts), except the
 * points where Radicale is known to differ, which are asserted as Radicale's own values, so a change in the
 * packages shows here before it shows as a FamilyHub difference.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithOracles, oraclesMissing } from '../oracles/probe.ts';
import {
  compareWithReference,
  editSummaryWithCaldav,
  runCaldavClient,
  runVdirsyncerRoundTrip,
} from './clients.ts';
import { EXPECTED_CLIENT_RESULTS, EXPECTED_ROUND_TRIP, RADICALE_DEVIATIONS } from './expected.ts';
import { startRadicale, type RadicaleServer } from './radicale.ts';

/** EXPECTED_CLIENT_RESULTS with Radicale's known deviations written in. */
function radicaleExpected(): Record<string, Record<string, unknown>> {
  const expected: Record<string, Record<string, unknown>> = structuredClone(EXPECTED_CLIENT_RESULTS);
  for (const [key, value] of Object.entries(RADICALE_DEVIATIONS)) {
    const [step = '', name = ''] = key.split('.');
    expected[step] = { ...expected[step], [name]: value };
  }
  return expected;
}

describeWithOracles('real CalDAV clients against Radicale (the reference server)', () => {
  let radicale: RadicaleServer | undefined;

  beforeAll(async () => {
    if (oraclesMissing()) return;
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  function server(): RadicaleServer {
    if (!radicale) throw new Error('Radicale did not start');
    return radicale;
  }

  it('python3-caldav: discovery, ETags, lookup, sync tokens, a recurring series and to-dos as the RFCs say', async () => {
    const results = await runCaldavClient(server());
    expect(results).toEqual(radicaleExpected());
  });

  it('python3-caldav: a second run on the same account gives the same results (the first cleaned up)', async () => {
    const first = await runCaldavClient(server());
    const second = await runCaldavClient(server());
    expect(compareWithReference(second, first)).toEqual([]);
    expect(second.cleanup).toEqual({ leftovers: 0 });
  });

  it('vdirsyncer: a file added locally reaches the calendar, an edit on the server comes back', async () => {
    const target = server();
    const results = await runVdirsyncerRoundTrip(target, editSummaryWithCaldav(target));
    expect(results).toEqual(EXPECTED_ROUND_TRIP);
  });

  it('compareWithReference lists the differing keys with both values, minus the allowed ones', () => {
    const reference = { fetch: { status: 200, summary: 'Dentist' }, todos: { listed: true } };
    const ours = { fetch: { status: 200, summary: 'Dentist!' }, todos: { failure: 'NotFoundError: x' } };
    expect(compareWithReference(ours, reference, ['todos.failure'])).toEqual([
      { key: 'fetch.summary', ours: 'Dentist!', reference: 'Dentist' },
      { key: 'todos.listed', ours: undefined, reference: true },
    ]);
    expect(compareWithReference(reference, reference)).toEqual([]);
  });
});
