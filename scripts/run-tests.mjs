#!/usr/bin/env node
// `npm test`: lint, typecheck, build the web app, then every Vitest project (domain, web, server
// API on PGlite and on PostgreSQL when TEST_DATABASE_URL is set, browser tests in Chromium).
// Ends with one line `N passed, N failed, N skipped` counting the steps and the individual tests,
// after the name of every skipped test. Browser tests are not retried, so no test passes only on
// a second try. Under CI a skipped test fails the run: CI has Chromium and PostgreSQL, so a skip
// there means a gate that did not run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const steps = [
  ['lint', 'npx', ['eslint', '.']],
  ['typecheck (server, packages, tests)', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['typecheck (web)', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']],
  ['build web app', 'npm', ['run', 'build', '--silent']],
];

let passed = 0;
let slowest = [];
let failed = 0;
let skipped = [];
const failures = [];

// The four steps are independent and each mostly single-threaded: they run at once (issue 27), each
// one's output kept and printed whole, in order, when all have ended.
const run = ([name, command, args]) =>
  new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => done({ name, code, output, seconds: (Date.now() - started) / 1000 }));
  });
for (const { name, code, output, seconds } of await Promise.all(steps.map(run))) {
  console.log(`\n▶ ${name} (${seconds.toFixed(0)} s)`);
  if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code === 0) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
rmSync(report, { force: true });
console.log('\n▶ vitest (domain, web, server API, browser)');
const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped = results.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => ['skipped', 'pending', 'todo', 'disabled'].includes(test.status)).map((test) => `${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}`),
  );
  slowest = results.testResults
    .map((file) => ({ name: file.name.replace(`${process.cwd()}/`, ''), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (results.numFailedTests > 0 || !results.success) failures.push('vitest');
  if (!results.success && results.numFailedTests === 0) failed += 1;
} catch {
  failed += 1;
  failures.push(`vitest (no report, exit code ${vitest.status})`);
}

if (!process.env.TEST_DATABASE_URL) console.log('\nNote: TEST_DATABASE_URL is not set, so the API tests ran on PGlite only and the PostgreSQL-only tests are skipped.');
if (skipped.length > 0) {
  console.log(`\nSkipped (${skipped.length}):`);
  for (const name of skipped) console.log(`  - ${name}`);
  if (process.env.CI) failures.push(`${skipped.length} skipped under CI`);
}
if (slowest.length > 0) {
  console.log('\nSlowest files:');
  for (const file of slowest) console.log(`  ${(file.ms / 1000).toFixed(1).padStart(7)} s  ${file.name}`);
}
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped.length} skipped`);
process.exit(failures.length === 0 ? 0 : 1);
