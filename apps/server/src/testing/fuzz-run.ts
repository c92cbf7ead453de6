// `npm run fuzz`: the long fuzzing run (issue 15 item 3). The bounded, seeded run is part of
// `npm test` (apps/server/src/testing/__tests__/fuzz.test.ts); this one keeps generating rounds with
// new seeds until the time is up.
//   FUZZ_SECONDS   how long to run (default 600)
//   FUZZ_SEED      the first seed (default: from the clock; printed, so a run can be repeated)
//   FUZZ_DATABASE  pglite (default) or postgres (needs TEST_DATABASE_URL)
// Exits 1 when any answer was >= 500 or the app was unhealthy afterwards, listing each request.
import { formatFailure } from './fuzz.ts';
import { createFuzzApp, fuzzApp } from './fuzz-app.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const seconds = Number(process.env.FUZZ_SECONDS ?? 600);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const kind = process.env.FUZZ_DATABASE === 'postgres' ? 'postgres' : 'pglite';
if (!Number.isFinite(seconds) || seconds <= 0 || !Number.isInteger(seed)) {
  console.error('FUZZ_SECONDS must be a positive number and FUZZ_SEED an integer.');
  process.exit(2);
}

print(`Fuzzing every route on ${kind} for ${seconds} s, seed ${seed} (repeat with FUZZ_SEED=${seed})`);
const t = await createFuzzApp(kind);
const started = Date.now();
try {
  const report = await fuzzApp(t, { seed, perOperation: { anonymous: 3, user: 6, admin: 10 }, deadline: started + seconds * 1000 });
  const elapsed = ((Date.now() - started) / 1000).toFixed(0);
  print(`${report.requests} requests to ${report.operations} routes in ${elapsed} s; answers by class: ${JSON.stringify(report.statusCounts)}`);
  for (const failure of report.failures) print(`  ${formatFailure(failure)}`);
  for (const detail of report.healthDetails) print(`  unhealthy afterwards: ${detail}`);
  print(`${report.failures.length} answers >= 500; app ${report.healthy ? 'healthy' : 'UNHEALTHY'} afterwards`);
  process.exitCode = report.failures.length === 0 && report.healthy ? 0 : 1;
} finally {
  await t.close();
}
