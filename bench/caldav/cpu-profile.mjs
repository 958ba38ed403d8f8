// Preloaded into FamilyHub's server process by bench/caldav/run.ts when BENCH_PROFILE is set (`--cpu-prof` is not
// allowed in NODE_OPTIONS): V8's sampling profiler from start-up, its profile written to
// BENCH_PROFILE_OUT when the process exits.
import fs from 'node:fs';
import { Session } from 'node:inspector';

const out = process.env.BENCH_PROFILE_OUT;
if (out) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // The in-process session answers synchronously, so the profile is written before the process ends.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(out, JSON.stringify(result.profile));
    });
  });
}
