#!/usr/bin/env node
// `npm run test:repeat -- <file> <n> [--burn]`: the flake detector (issue 27). Runs one test file n
// times and reports every test whose outcome was not the same in every run, and every failure.
// With --burn a process beside the runs keeps one core busy, so a test that depends on timing
// shows it on a loaded machine. Exits 1 when any test differed or failed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const burn = args.includes('--burn');
const [file, countText = '5'] = args.filter((arg) => arg !== '--burn');
const count = Number(countText);
if (!file || !Number.isInteger(count) || count < 1) {
  console.error('usage: npm run test:repeat -- <test file> <runs> [--burn]');
  process.exit(2);
}

const burner = burn ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
process.on('exit', () => burner?.kill());

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/test-repeat-report.json';
/** test name -> the outcome of each run ('passed', 'failed', 'skipped', or 'missing' when it did not run). */
const outcomes = new Map();
for (let run = 0; run < count; run += 1) {
  rmSync(report, { force: true });
  const started = Date.now();
  spawnSync('npx', ['vitest', 'run', file, '--reporter=json', `--outputFile.json=${report}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  let results;
  try {
    results = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    results = { testResults: [] };
  }
  const seen = new Set();
  for (const test of results.testResults.flatMap((f) => f.assertionResults)) {
    const status = test.status === 'passed' || test.status === 'failed' ? test.status : 'skipped';
    if (!outcomes.has(test.fullName)) outcomes.set(test.fullName, Array(run).fill('missing'));
    outcomes.get(test.fullName).push(status);
    seen.add(test.fullName);
  }
  for (const [name, list] of outcomes) if (!seen.has(name)) list.push('missing');
  const failedNow = [...outcomes.values()].filter((list) => list[run] !== 'passed').length;
  console.log(`run ${run + 1}/${count}: ${seen.size} tests, ${failedNow} not passed, ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
burner?.kill();

const differing = [...outcomes].filter(([, list]) => new Set(list).size > 1 || list[0] !== 'passed');
if (outcomes.size === 0) {
  console.log(`\n${file}: no test ran`);
  process.exit(1);
}
if (differing.length === 0) {
  console.log(`\n${file}: ${outcomes.size} tests, the same outcome (passed) in all ${count} runs${burn ? ' under load' : ''}`);
  process.exit(0);
}
console.log(`\n${file}: ${differing.length} of ${outcomes.size} tests did not pass in every run:`);
for (const [name, list] of differing) console.log(`  - ${name}: ${list.join(', ')}`);
process.exit(1);
