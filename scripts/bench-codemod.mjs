#!/usr/bin/env node
/**
 * `pnpm bench:codemod`: times `app-assignment migrate --dry`, ast-grep's `scan` with a one-pattern rule, and
 * jscodeshift with a no-op transform, side by side in one run, on two generated trees of realistic TypeScript files:
 * a sparse one (1% of the files call the deprecated operation: the prefilter skips the rest) and a dense one (every
 * file holds a call: everything is parsed and analysed). Targets: on the sparse tree, faster than ast-grep and at
 * most 0.1x jscodeshift's no-op; on the dense tree, at most 0.5x jscodeshift's no-op. It also times the start-up
 * (`app-assignment --version`, target under 100 ms).
 *
 * The trees are generated under the system's temporary folder, never in the repository: `migrate` skips files that
 * `.gitignore` covers, so a tree in an ignored folder would be timed while nothing is scanned. Every timed run is
 * checked for the work it names (files scanned == files generated, calls found == calls generated); a run that did
 * other work stops the benchmark with an error instead of printing a ratio.
 *
 * jscodeshift's no-op is the transform every real transform costs at least: it parses each file and prints it back
 * unchanged (`j(file.source).toSource()`). The run with a transform that does not even parse is printed too, as the
 * floor of jscodeshift's own start-up and file handling. `BENCH_FILES` (default 5000) sets the size of each tree,
 * `BENCH_RUNS` (default 3) the runs of each command.
 *
 * Calls per file: `migrate --dry` on one file of 1,000, 4,000 and 16,000 calls (three in four with an exact v3 form,
 * all reading one shared base const). The cost must grow with the calls, not with their square: target, each row at
 * most 4x the one before. Each run is checked for the calls it names, as above. `BENCH_ONLY=calls-per-file` runs
 * this part alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCallsFile, generateTree } from './lib/generate-tree.mjs';
import { measure } from './lib/measure.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = Number(process.env.BENCH_FILES ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const work = mkdtempSync(join(tmpdir(), 'app-assignment-bench-'));

const cli = join(root, 'packages', 'codemod', 'dist', 'cli.js');
const codemodRequire = createRequire(join(root, 'packages', 'codemod', 'package.json'));
const jscodeshift = join(dirname(codemodRequire.resolve('jscodeshift/package.json')), 'bin', 'jscodeshift.js');
const astGrep = astGrepBinary();

const noopParse = join(work, 'noop-parse.cjs');
const noopEmpty = join(work, 'noop-empty.cjs');
const rule = join(work, 'assign-rule.yml');
writeFileSync(noopParse, "module.exports = (file, api) => api.jscodeshift(file.source).toSource();\nmodule.exports.parser = 'tsx';\n");
writeFileSync(noopEmpty, 'module.exports = () => undefined;\n');
// One pattern: any call whose first argument names the deprecated path (fetch, axios.post, got.post, ...).
writeFileSync(
  rule,
  ['id: deprecated-assign', 'language: TypeScript', 'severity: warning', 'rule:', '  pattern: $CALL($URL, $$$REST)',
    'constraints:', '  URL:', "    regex: '/platform/v1/apps/.+/assign'", ''].join('\n'),
);

/** ast-grep's own binary: the npm package's launcher is a script that finds it on every start. */
function astGrepBinary() {
  const require = createRequire(join(root, 'package.json'));
  const cliDir = dirname(require.resolve('@ast-grep/cli/package.json'));
  const { optionalDependencies } = require('@ast-grep/cli/package.json');
  for (const name of Object.keys(optionalDependencies)) {
    try {
      const dir = dirname(createRequire(join(cliDir, 'package.json')).resolve(`${name}/package.json`));
      const binary = join(dir, process.platform === 'win32' ? 'ast-grep.exe' : 'ast-grep');
      if (spawnSync(binary, ['--version']).status === 0) return binary;
    } catch {
      // not this platform's package
    }
  }
  throw new Error('no ast-grep binary for this platform in @ast-grep/cli (run pnpm install)');
}

class WrongWork extends Error {}

function expectEqual(what, actual, expected, label) {
  if (actual !== expected) throw new WrongWork(`${label}: ${what} ${actual}, expected ${expected}: the run did not do the work it names`);
}

function checkMigrate(m, tree) {
  const report = JSON.parse(m.stdout);
  expectEqual('files scanned', report.totals.files, tree.files, m.label);
  const sites = report.files.flatMap((file) => file.sites);
  expectEqual('calls found', sites.length, tree.calls, m.label);
  expectEqual('errors', report.totals.errors, 0, m.label);
  // Every call whose exact v3 form is known is migrated; every other one is left with its reasons.
  expectEqual('calls migrated', report.totals.migrated, tree.exact, m.label);
  const byReason = new Map();
  for (const site of sites.filter((s) => !s.migrated)) {
    const key = site.reasons.map((r) => r.code).join(' + ') || 'no reason';
    byReason.set(key, (byReason.get(key) ?? 0) + 1);
  }
  const left = [...byReason].map(([reason, n]) => `${n} ${reason}`).join(', ');
  return `parser ${report.parser ?? 'none'}, ${report.totals.migrated} migrated, ${sites.length - report.totals.migrated} left${left ? ` (${left})` : ''}`;
}

function checkAstGrep(m, tree) {
  const scanned = /scannedFileCount=(\d+)/.exec(m.stderr);
  if (scanned === null) throw new WrongWork(`${m.label}: no file count in ast-grep's --inspect summary:\n${m.stderr}`);
  expectEqual('files scanned', Number(scanned[1]), tree.files, m.label);
  expectEqual('calls found', JSON.parse(m.stdout).length, tree.calls, m.label);
  return '';
}

function checkJscodeshift(m, tree) {
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(m.stdout)?.[1] ?? NaN);
  expectEqual('errors', count('errors'), 0, m.label);
  expectEqual('files processed', count('unmodified') + count('skipped') + count('ok'), tree.files, m.label);
  return '';
}

function bench(name, share, seed) {
  const dir = join(work, name);
  const tree = generateTree(dir, files, share, seed);
  console.log(`\n${name} tree: ${tree.files} files, ${tree.calls} of them call the deprecated operation, ${tree.exact} of those in a shape with an exact v3 form (${dir})`);
  const opts = { cwd: dir, runs };
  const jscodeshiftArgs = [jscodeshift, '--no-babel', '--dry', '--extensions=ts', '--parser=tsx'];
  const rows = [
    [measure('app-assignment migrate --dry', process.execPath, [cli, 'migrate', 'src', '--dry', '--json'], opts), checkMigrate],
    [measure('ast-grep scan, one-pattern rule', astGrep, ['scan', '--rule', rule, '--json=compact', '--inspect', 'summary', 'src'], opts), checkAstGrep],
    [measure('jscodeshift, no-op transform (parse + print)', process.execPath, [...jscodeshiftArgs, '-t', noopParse, 'src'], opts), checkJscodeshift],
    [measure('jscodeshift, empty transform (no parse)', process.execPath, [...jscodeshiftArgs, '-t', noopEmpty, 'src'], opts), checkJscodeshift],
  ];
  console.log(`median of ${runs} runs each:`);
  for (const [m, check] of rows) {
    const note = check(m, tree);
    console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}${note ? `   (${note})` : ''}`);
  }
  rmSync(dir, { recursive: true, force: true });
  const [ours, astGrepRun, noop] = rows.map(([m]) => m.medianMs);
  return { ours, astGrep: astGrepRun, noop };
}

/** Start-up: `--version` loads no parser and no module of the toolkit; target under 100 ms. Bare `node` beside it. */
function startup() {
  const { version } = codemodRequire('./package.json');
  const ours = measure('app-assignment --version', process.execPath, [cli, '--version'], { cwd: work, runs: 11 });
  expectEqual('printed version', ours.stdout.trim(), version, ours.label);
  const bare = measure('node -e 0 (Node.js start-up alone)', process.execPath, ['-e', '0'], { cwd: work, runs: 11 });
  console.log('start-up, median of 11 runs each:');
  for (const m of [ours, bare]) console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms`);
  return ours.medianMs;
}

/** One file of `calls` calls, at each size in turn: the time of each, and its ratio to the one before. */
function callsPerFile() {
  console.log('\ncalls per file: one file, migrate --dry --no-project, median of ' + runs + ' runs each:');
  const rows = [];
  for (const calls of [1000, 4000, 16000]) {
    const dir = join(work, `calls-${calls}`);
    mkdirSync(dir, { recursive: true });
    const generated = generateCallsFile(join(dir, 'calls.ts'), calls);
    const m = measure(`${calls} calls in one file`, process.execPath, [cli, 'migrate', 'calls.ts', '--dry', '--json', '--no-project'], { cwd: dir, runs });
    const note = checkMigrate(m, { files: 1, calls: generated.calls, exact: generated.exact });
    const before = rows.at(-1);
    rows.push({ calls, ms: m.medianMs });
    const ratio = before === undefined ? '' : `   ${(m.medianMs / before.ms).toFixed(2)}x the row before (target <= 4: ${verdict(m.medianMs / before.ms <= 4)})`;
    console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}${ratio}   (${note})`);
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const verdict = (ok) => (ok ? 'met' : 'NOT met');
try {
  if (process.env.BENCH_ONLY === 'calls-per-file') {
    callsPerFile();
  } else {
    const version = startup();
    const sparse = bench('sparse', 0.01, 42);
    const dense = bench('dense', 1, 43);
    const results = [
      ['sparse: app-assignment / ast-grep', sparse.ours / sparse.astGrep, 1, '< 1'],
      ['sparse: app-assignment / jscodeshift no-op', sparse.ours / sparse.noop, 0.1, '<= 0.1'],
      ['dense: app-assignment / jscodeshift no-op', dense.ours / dense.noop, 0.5, '<= 0.5'],
      ['dense: app-assignment / ast-grep', dense.ours / dense.astGrep, undefined, ''],
    ];
    console.log('');
    console.log(`${'app-assignment --version'.padEnd(46)} ${version.toFixed(0)} ms   (target < 100 ms: ${verdict(version < 100)})`);
    for (const [label, ratio, target, shown] of results) {
      const met = target === undefined ? '' : `   (target ${shown}: ${verdict(target === 1 ? ratio < 1 : ratio <= target)})`;
      console.log(`${label.padEnd(46)} ${ratio.toFixed(3)}${met}`);
    }
    callsPerFile();
  }
} catch (error) {
  if (!(error instanceof WrongWork)) throw error;
  console.error(`\nbench:codemod: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
