#!/usr/bin/env node
/**
 * The README's main job, on the bundled example (fixtures/sample-app):
 *   1. lint it with the plugin (the findings),
 *   2. migrate a copy with the codemod (the diff and the summary),
 *   3. run the app before and after against the contract server and compare what it assigned, and run the app's own
 *      tests before and after a migration of the app with its tests,
 *   4. lint its partner report query, fix it on a copy in stages, and look an address up after each stage.
 */
import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { start } from '@app-assignment/contract-server';
import { ESLint } from 'eslint';
import { CLI, compareRuns, compile, copySampleApp, migrate, runAppTests, runSteps, SAMPLE_APP } from './lib/proof.mjs';
import { applyReportSuggestions, fixReport, lintReport, REPORT_MODULE, runReport } from './lib/report-proof.mjs';
import { removeTempDirs } from './lib/temp.mjs';

// The copies of the sample app are removed when the demo ends, however it ends.
process.on('exit', removeTempDirs);

const bold = (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[22m` : s);
const heading = (s) => console.log(`\n${bold(s)}`);

heading('1. Lint: eslint-plugin-app-assignment on fixtures/sample-app');
const eslint = new ESLint({ cwd: SAMPLE_APP });
const results = await eslint.lintFiles(['src']);
let findings = 0;
let fixable = 0;
for (const result of results) {
  for (const message of result.messages.filter((m) => m.ruleId === 'app-assignment/no-deprecated-assign')) {
    findings++;
    if (message.fix) fixable++;
    const why = message.message.split('It cannot be migrated automatically: ')[1];
    console.log(`  ${relative(SAMPLE_APP, result.filePath)}:${message.line}:${message.column}  ${why ? `left as is: ${why}` : 'fixable: migrate to POST /v3/apps/app_assignments'}`);
  }
}
console.log(`  ${findings} deprecated calls, ${fixable} with an exact fix`);

heading('2. Migrate: app-assignment migrate on a copy');
const copy = copySampleApp('demo');
// The whole app: its tests' mocks move with the calls they stand for (a run over src alone would leave those calls as they are).
const migrated = spawnSync(process.execPath, [CLI, 'migrate', '.', '--diff', '--force'], { cwd: copy, encoding: 'utf8' });
process.stdout.write(migrated.stdout.replace(/^/gm, '  '));
if (migrated.status !== 0) {
  process.stderr.write(migrated.stderr);
  process.exit(1);
}

heading('3. Prove: the app before and after, against the contract server');
const beforeDir = copySampleApp('before');
compile(beforeDir);
compile(copy);
const serverBefore = await start();
const before = await runSteps(beforeDir, serverBefore).finally(() => serverBefore.close());
const serverAfter = await start();
const after = await runSteps(copy, serverAfter).finally(() => serverAfter.close());
const comparison = compareRuns(before, after);
for (const { step, migrated: isMigrated, same, before: b, after: a } of comparison) {
  const what = isMigrated ? 'migrated to v3' : 'left with a TODO';
  const result = same ? 'same' : 'DIFFERENT';
  console.log(`  ${same ? 'ok  ' : 'FAIL'} ${step.padEnd(44)} ${what.padEnd(17)} ${result} (status ${b.status} -> ${a.status})`);
}
const migratedSteps = comparison.filter((c) => c.migrated);
const sameMigrated = migratedSteps.filter((c) => c.same).length;
const unchanged = comparison.filter((c) => !c.migrated);
console.log(`\n${bold(`same assignments: ${sameMigrated}/${migratedSteps.length}`)}; calls left with a TODO behave as before: ${unchanged.filter((c) => c.same).length}/${unchanged.length}`);
const assignmentsProved = comparison.every((c) => c.same) && migratedSteps.length > 0;
// The app's own suite (vitest, msw, nock, a mocked fetch): its mocks follow their calls in the same run.
const testsBefore = await runAppTests(beforeDir);
const testsDir = copySampleApp('tests');
const testsReport = migrate(testsDir, [], ['.']);
const testTotals = testsReport.totals;
const testsAfter = await runAppTests(testsDir);
console.log(`${bold(`the app's own tests: ${testsBefore.passed}/${testsBefore.total} passed before, ${testsAfter.passed}/${testsAfter.total} after`)} \`migrate .\` (${testMocks(testTotals)}; ${keptWithMocks(testsReport)})`);
const testsProved = testsBefore.failed === 0 && testsAfter.failed === 0 && testsAfter.passed === testsBefore.passed;

heading(`4. The partner report query: ${REPORT_MODULE}`);
for (const finding of await lintReport(SAMPLE_APP)) {
  const offer = finding.fixable ? 'fixable' : `suggestions: ${finding.suggestions.join(', ')}`;
  console.log(`  ${REPORT_MODULE}:${finding.line}:${finding.column}  ${finding.ruleId.replace('app-assignment/', '')} (${offer}): ${finding.message}`);
}
// An owner's address with "+", as the document's example business has: sent raw, the "+" arrives as a space.
const email = 'maya.lindqvist+studio@harboryoga.example';
const reportCopy = copySampleApp('report');
const reportServer = await start();
const lookUp = async (stage) => {
  compile(reportCopy);
  const [found] = await runReport(reportCopy, reportServer, [email]);
  const what = found.status === 200 ? `found ${found.businessName}, sms_balance ${found.smsBalance}` : found.status === 404 ? 'not found' : 'refused';
  console.log(`  ${stage.padEnd(56)} status ${found.status}: ${what}`);
  return found;
};
let reportFound;
try {
  await lookUp('as written (a Bearer token, the e-mail raw)');
  await fixReport(reportCopy);
  await lookUp('after eslint --fix (Token token="...")');
  await applyReportSuggestions(reportCopy, ['encodeEmail', 'useSmsBalance']);
  reportFound = await lookUp('after the suggestions (encodeURIComponent, sms_balance)');
} finally {
  await reportServer.close();
}
console.log(`\n${bold(`${email}: ${reportFound.status === 200 ? 'found only after the fixes' : 'NOT FOUND'}`)}`);
process.exitCode = assignmentsProved && testsProved && reportFound.status === 200 ? 0 : 1;

/** The calls a test's mock kept on the deprecated route with it (a call and its mocks move together), counted in the report. */
function keptWithMocks(report) {
  // The requests themselves: a wrapper's callers kept with it are spoken for by it.
  const kept = report.files.flatMap((file) => file.sites.filter((site) => site.kind !== 'mock' && site.withWrapper !== true && site.reasons.some((reason) => reason.code === 'call-mock-held')));
  return `${kept.length} call${kept.length === 1 ? '' : 's'} kept on the old route with a handler that cannot follow it`;
}

function testMocks(totals) {
  const mocks = totals.mocks ?? { migrated: 0, todos: 0 };
  return `${mocks.migrated} mocks followed their calls to v3, ${mocks.todos} kept with a TODO`;
}
