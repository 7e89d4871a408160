/**
 * The before/after proof, shared by the end-to-end test and the demo: run the sample app against a fresh contract
 * server one step at a time, migrate a copy with the real CLI, compile the copy with the real TypeScript compiler,
 * run it against another fresh server, and compare what each step left on the server.
 */
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compileConfig } from './compile.mjs';
import { runApp } from './run-app.mjs';
import { makeTempDir } from './temp.mjs';

const execFileAsync = promisify(execFile);

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SAMPLE_APP = join(root, 'fixtures', 'sample-app');
export const CLI = join(root, 'packages', 'codemod', 'dist', 'cli.js');
const require = createRequire(join(SAMPLE_APP, 'package.json'));

/** A copy of the sample app's sources and tests in a new temporary folder, sharing its installed node_modules. */
export function copySampleApp(label) {
  const dir = makeTempDir(`app-assignment-${label}-`);
  for (const entry of ['src', 'test', 'package.json', 'tsconfig.json', 'eslint.config.js', 'vitest.config.ts']) {
    cpSync(join(SAMPLE_APP, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

/**
 * Compiles the app with the real TypeScript compiler (the sample app's own) as `tsc -p` does, in this process
 * (compile.mjs: the declaration files of TypeScript and the clients are parsed once for every copy); throws with the
 * compiler's words when it does not compile.
 */
export function compile(dir) {
  compileConfig(join(dir, 'tsconfig.json'));
}

/** `app-assignment migrate <dir>/src --json` (or the folders of `paths`), with the report parsed. */
export function migrate(dir, extraArgs = [], paths = ['.']) {
  const result = run(process.execPath, [CLI, 'migrate', ...paths.map((path) => join(dir, path)), '--json', '--force', ...extraArgs], { cwd: dir });
  if (result.status !== 0) throw new Error(`migrate exited ${result.status}:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

const VITEST = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

/**
 * Runs the app's own test suite (vitest, with msw, nock and a mocked fetch) in `dir`, in a child process: how many
 * tests passed and failed, and the runner's words when any failed.
 */
export async function runAppTests(dir) {
  const { stdout, stderr } = await execFileAsync(process.execPath, [VITEST, 'run', '--reporter=json'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 })
    .catch((error) => ({ stdout: error.stdout ?? '', stderr: error.stderr ?? String(error) }));
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error(`the sample app's tests did not report in ${dir}:\n${stderr}`);
  const report = JSON.parse(stdout.slice(start));
  const failures = report.testResults.flatMap((file) => file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${t.fullName}: ${t.failureMessages.join(' ').slice(0, 400)}`));
  const fileErrors = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).map((file) => `${file.name}: ${file.message}`);
  return { total: report.numTotalTests, passed: report.numPassedTests, failed: report.numFailedTests, failures: [...failures, ...fileErrors] };
}

/** The app's step names. */
export async function stepsOf(dir) {
  return JSON.parse(await runApp(join(dir, 'dist', 'main.js'), ['--steps']));
}

/**
 * Runs each step alone against a fresh state of `server` (reset between steps) and records the status the step got
 * and the assignments it left.
 */
export async function runSteps(dir, server) {
  const results = [];
  for (const [index, step] of (await stepsOf(dir)).entries()) {
    server.reset();
    // Asynchronous: the server may run in this very process and must go on answering.
    const stdout = await runApp(join(dir, 'dist', 'main.js'), [String(index)], { ...process.env, APP_API_BASE: server.url });
    const line = JSON.parse(stdout.trim().split('\n').pop());
    results.push({ step, status: line.status, assignments: server.assignments() });
  }
  return results;
}

/** What an assignment means, whichever operation made it. */
export function meaning(assignment) {
  const { app_code_name, assignee_type, assignee_uid, assignment_mode, built_in } = assignment;
  return { app_code_name, assignee_type, assignee_uid, assignment_mode, built_in };
}

/**
 * Compares step by step. A step is `migrated` when the migrated app reached the server through v3; it must have left
 * the same assignments (app, assignee, mode). Every other step must behave exactly as before: the same status and
 * the same assignments.
 */
export function compareRuns(before, after) {
  return before.map((b, i) => {
    const a = after[i];
    const migrated = a.assignments.length > 0 && a.assignments.every((x) => x.via === 'v3');
    const sameAssignments = JSON.stringify(b.assignments.map(meaning)) === JSON.stringify(a.assignments.map(meaning));
    const same = migrated ? sameAssignments && b.assignments.length > 0 : sameAssignments && a.status === b.status;
    return { step: b.step, migrated, same, before: b, after: a };
  });
}
