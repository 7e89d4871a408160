#!/usr/bin/env node
/**
 * `pnpm bench:project`: project mode against per-file mode and jscodeshift's no-op transform, side by side in one run,
 * on the generated tree of `bench:codemod` extended the way applications are laid out: a tsconfig, a `lib/api.ts`
 * axios instance that services import, a routes module whose URL builder other modules call, and a wrapper module
 * whose callers live in other files.
 *
 * Targets (2,000 files by default): project mode at most 0.25x jscodeshift's no-op time and at most 2.5x per-file
 * mode; its peak memory under 600 MB.
 *
 * The barrel row: a package index re-exports a module with one call (`export * from './appAssignments.js'`) and 600
 * modules import the index for other names. Target: project mode at most 2x per-file mode (its importers are read by
 * the names they import, not parsed). Beside it, the time to load the TypeScript compiler alone, which project mode
 * needs and per-file mode does not: per-file time plus that load is the floor project mode cannot go under.
 *
 * The jobs row: project mode with `--jobs 1` and `--jobs 2` on the same tree. Target: at least 1.6x faster with two.
 *
 * The monorepo row: `BENCH_LARGE_FILES` (50,000) files of `lib/generate-monorepo.mjs` (five workspace packages with a
 * tsconfig each; 1% of the files call the operation; each package's wrapper has callers in other folders, the first
 * package's in the other packages). `scan` once: wall time and peak memory, targets under 40 s and 800 MB on two cores,
 * and at most 0.1x jscodeshift's no-op transform over the same files (run once per package: over all of them at once it
 * exceeds the open-file limit).
 *
 * Before it prints a ratio, every run is checked for the work it names: the files scanned are the files generated, and
 * the sites found are those the generator wrote that the mode can see (per-file mode cannot see a wrapper's callers
 * or a URL built in another module; project mode sees both). Otherwise it fails loudly.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMonorepo } from './lib/generate-monorepo.mjs';
import { generateTree } from './lib/generate-tree.mjs';
import { measure } from './lib/measure.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = Number(process.env.BENCH_FILES ?? 2000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const work = mkdtempSync(join(tmpdir(), 'app-assignment-bench-project-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const cli = join(root, 'packages', 'codemod', 'dist', 'cli.js');
const codemodRequire = createRequire(join(root, 'packages', 'codemod', 'package.json'));
const jscodeshift = join(dirname(codemodRequire.resolve('jscodeshift/package.json')), 'bin', 'jscodeshift.js');
const noop = join(work, 'noop-parse.cjs');
writeFileSync(noop, "module.exports = (file, api) => api.jscodeshift(file.source).toSource();\nmodule.exports.parser = 'tsx';\n");

const write = (dir, path, text) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};

/** The generated tree, and the application's shared modules and their users on top of it. */
function projectTree(dir) {
  const tree = generateTree(dir, files - 3, 0.01, 11);
  write(dir, 'tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true }, include: ['src'] }, null, 2));
  write(dir, 'src/lib/api.ts', "import axios from 'axios';\n\nexport const api = axios.create({ baseURL: 'https://api.example.com' });\n");
  write(dir, 'src/routes.ts', 'export const routes = {\n  assign: (code: string) => `https://api.example.com/platform/v1/apps/${encodeURIComponent(code)}/assign`,\n};\n');
  write(dir, 'src/platform/assign.ts', [
    "import { api } from '../lib/api.js';",
    '',
    '/** Every assignment goes through here; the body comes from the caller. */',
    'export async function assignApp(code: string, body: Record<string, unknown>) {',
    '  const res = await api.post(`/platform/v1/apps/${code}/assign`, body);',
    '  return res.status;',
    '}',
    '',
  ].join('\n'));
  const users = { instance: 0, builder: 0, wrapper: 0 };
  // Every 100th module (beside the generated calls) uses one of the shared modules.
  for (let i = 0; i < files - 3; i += 100) {
    const path = join('src', `area${(i + 50) % 25}`, `feature${(i + 50) % 8}`, `user${i}.ts`);
    const kind = (['instance', 'builder', 'wrapper'])[(i / 100) % 3];
    users[kind]++;
    const depth = '../../';
    const text = kind === 'instance'
      ? `import { api } from '${depth}lib/api.js';\n\nexport const assignDirect${i} = (code: string, directoryUid: string) =>\n  api.post(\`/platform/v1/apps/\${code}/assign\`, { directory_uid: directoryUid, is_internal: 'true' });\n`
      : kind === 'builder'
        ? `import { routes } from '${depth}routes.js';\n\nexport const assignBuilt${i} = (code: string, businessUid: string) =>\n  fetch(routes.assign(code), { method: 'POST', body: JSON.stringify({ business_uid: businessUid }) });\n`
        : `import { assignApp } from '${depth}platform/assign.js';\n\nexport const onboard${i} = (businessUid: string) => assignApp('crm-sync', { business_uid: businessUid });\n`;
    write(dir, path, text);
  }
  const count = tree.files + 3 + users.instance + users.builder + users.wrapper;
  return {
    files: count,
    // Per file: the generated calls, the instance's users (read by shape) and the wrapper's own request.
    fileSites: tree.calls + users.instance + 1,
    // As a project: those, plus each call through the URL builder and each caller of the wrapper.
    projectSites: tree.calls + users.instance + 1 + users.builder + users.wrapper,
    ...users,
    calls: tree.calls,
  };
}

class WrongWork extends Error {}
const expectEqual = (what, actual, expected, label) => {
  if (actual !== expected) throw new WrongWork(`${label}: ${what} ${actual}, expected ${expected}: the run did not do the work it names`);
};

function checkMigrate(m, tree, mode) {
  const report = JSON.parse(m.stdout);
  expectEqual('mode', report.mode.kind, mode, m.label);
  expectEqual('files scanned', report.totals.files, tree.files, m.label);
  expectEqual('sites found', report.files.reduce((n, file) => n + file.sites.length, 0), mode === 'project' ? tree.projectSites : tree.fileSites, m.label);
  expectEqual('errors', report.totals.errors, 0, m.label);
  return `${report.totals.migrated} migrated, ${report.totals.todos} TODOs, ${report.totals.callers} calls of wrappers`;
}

function checkJscodeshift(m, tree) {
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(m.stdout)?.[1] ?? NaN);
  expectEqual('errors', count('errors'), 0, m.label);
  expectEqual('files processed', count('unmodified') + count('skipped') + count('ok'), tree.files, m.label);
  return '';
}

const dir = join(work, 'tree');
const tree = projectTree(dir);
console.log(`project tree: ${tree.files} files; ${tree.calls} generated calls, ${tree.instance} users of lib/api.ts, ` +
  `${tree.builder} calls through routes.ts, ${tree.wrapper} callers of platform/assign.ts (${dir})`);
const opts = { cwd: dir, runs };
const rows = [
  [measure('app-assignment migrate --dry (project mode)', process.execPath, [cli, 'migrate', 'src', '--dry', '--json'], opts), (m) => checkMigrate(m, tree, 'project')],
  [measure('app-assignment migrate --dry --no-project', process.execPath, [cli, 'migrate', 'src', '--dry', '--json', '--no-project'], opts), (m) => checkMigrate(m, tree, 'file')],
  [measure('jscodeshift, no-op transform (parse + print)', process.execPath, [jscodeshift, '--no-babel', '--dry', '--extensions=ts', '--parser=tsx', '-t', noop, 'src'], opts), (m) => checkJscodeshift(m, tree)],
];
console.log(`median of ${runs} runs each:`);
for (const [m, check] of rows) {
  const note = check(m);
  console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}${note ? `   (${note})` : ''}`);
}
const [project, perFile, jscs] = rows.map(([m]) => m);
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const toNoop = project.medianMs / jscs.medianMs;
const toFile = project.medianMs / perFile.medianMs;
console.log(`\nproject mode / jscodeshift no-op: ${toNoop.toFixed(3)} (target <= 0.25: ${verdict(toNoop <= 0.25)})`);
console.log(`project mode / per-file mode:     ${toFile.toFixed(2)} (target <= 2.5: ${verdict(toFile <= 2.5)})`);
if (project.peakMb !== undefined) console.log(`project mode peak memory:          ${project.peakMb.toFixed(0)} MB (target < 600 MB: ${verdict(project.peakMb < 600)})`);

/** An index that re-exports a one-call module, and `count` modules importing the index (one in 100 for the wrapper). */
function barrelTree(dir, count) {
  write(dir, 'tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true }, include: ['src'] }, null, 2));
  write(dir, 'src/platform/appAssignments.ts', [
    'export async function assignApp(code: string, businessUid: string) {',
    "  return fetch(`https://api.example.com/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify({ business_uid: businessUid }) });",
    '}',
    '',
  ].join('\n'));
  write(dir, 'src/platform/format.ts', 'export const formatDate = (d: Date) => d.toISOString();\nexport const formatMoney = (n: number) => `$${n.toFixed(2)}`;\n');
  write(dir, 'src/platform/index.ts', "export * from './appAssignments.js';\nexport * from './format.js';\n");
  let callers = 0;
  for (let i = 1; i <= count; i++) {
    const caller = i % 100 === 0;
    if (caller) callers++;
    write(dir, `src/features/f${i}.ts`, caller
      ? `import { assignApp } from '../platform/index.js';\nexport const onboard${i} = (b: string) => assignApp('crm-sync', b);\n`
      : `import { formatDate } from '../platform/index.js';\nexport function view${i}(d: Date) {\n  const label = formatDate(d);\n  return { label, id: ${i}, items: [1, 2, 3].map((x) => x * ${i}) };\n}\n`);
  }
  return { files: count + 3, callers };
}

const barrelDir = join(work, 'barrel');
const barrel = barrelTree(barrelDir, 600);
console.log(`\nbarrel tree: ${barrel.files} files; an index re-exporting a one-call module, ${barrel.files - 3} importers of the index (${barrel.callers} call the wrapper) (${barrelDir})`);
const checkBarrel = (m, mode) => {
  const report = JSON.parse(m.stdout);
  expectEqual('mode', report.mode.kind, mode, m.label);
  expectEqual('files scanned', report.totals.files, barrel.files, m.label);
  // The wrapper takes the body's values as parameters: its own request is the one site in either mode.
  expectEqual('sites found', report.files.reduce((n, file) => n + file.sites.filter((site) => site.kind === 'call').length, 0), 1, m.label);
  expectEqual('errors', report.totals.errors, 0, m.label);
  return `${report.totals.migrated} migrated`;
};
const barrelRows = [
  [measure('barrel: migrate --dry (project mode)', process.execPath, [cli, 'migrate', 'src', '--dry', '--json'], { cwd: barrelDir, runs }), (m) => checkBarrel(m, 'project')],
  [measure('barrel: migrate --dry --no-project', process.execPath, [cli, 'migrate', 'src', '--dry', '--json', '--no-project'], { cwd: barrelDir, runs }), (m) => checkBarrel(m, 'file')],
];
for (const [m, check] of barrelRows) {
  const note = check(m);
  console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}${note ? `   (${note})` : ''}`);
}
const barrelRatio = barrelRows[0][0].medianMs / barrelRows[1][0].medianMs;
console.log(`barrel: project mode / per-file mode: ${barrelRatio.toFixed(2)} (target <= 2: ${verdict(barrelRatio <= 2)})`);

// What project mode costs before it reads a file: loading the TypeScript compiler, whose config parsing and module
// resolution it uses (per-file mode never loads it). Measured beside the barrel rows, it says how close to the target
// project mode could come if its analysis cost nothing: per-file mode's time plus this load.
const tsMorph = createRequire(join(root, 'packages', 'project', 'package.json')).resolve('ts-morph');
const tsLoad = measure('load the TypeScript compiler (ts-morph)', process.execPath, ['-e', `process.stdout.write(require(${JSON.stringify(tsMorph)}).ts.version)`], { cwd: barrelDir, runs });
if (!/^\d+\.\d+/.test(tsLoad.stdout)) throw new WrongWork(`${tsLoad.label}: expected the compiler's version on stdout, got ${JSON.stringify(tsLoad.stdout.slice(0, 80))}`);
console.log(`  ${tsLoad.label.padEnd(46)} ${tsLoad.medianMs.toFixed(0).padStart(7)} ms   (TypeScript ${tsLoad.stdout})`);
const floor = (barrelRows[1][0].medianMs + tsLoad.medianMs) / barrelRows[1][0].medianMs;
const analysisMs = barrelRows[0][0].medianMs - barrelRows[1][0].medianMs - tsLoad.medianMs;
console.log(`barrel: the least project mode can be with its analysis free (per-file + compiler load) / per-file: ${floor.toFixed(2)}; ` +
  `project mode spends ${analysisMs.toFixed(0)} ms beyond that${floor > 2 ? ' (the 2x target is below this floor on this machine)' : ''}`);

// --jobs in project mode: the same run with one worker and with two (the machine's cores here), side by side.
const jobsRows = [1, 2].map((jobs) => [
  measure(`project mode, --jobs ${jobs}`, process.execPath, [cli, 'migrate', 'src', '--dry', '--json', '--jobs', String(jobs)], opts),
  (m) => checkMigrate(m, tree, 'project'),
]);
console.log('');
for (const [m, check] of jobsRows) {
  const note = check(m);
  console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}${note ? `   (${note})` : ''}`);
}
const jobsSpeedup = jobsRows[0][0].medianMs / jobsRows[1][0].medianMs;
console.log(`project mode: --jobs 1 / --jobs 2: ${jobsSpeedup.toFixed(2)}x faster with two (target >= 1.6: ${verdict(jobsSpeedup >= 1.6)})`);

// A large monorepo: BENCH_LARGE_FILES files (default 50,000) in five workspace packages with a tsconfig each, the
// first package's wrapper called from the others. One run each: jscodeshift's no-op alone takes minutes here.
const largeFiles = Number(process.env.BENCH_LARGE_FILES ?? 50_000);
const largeDir = join(work, 'monorepo');
const large = generateMonorepo(largeDir, { files: largeFiles });
console.log(`\nmonorepo: ${large.files} files in ${large.packages} packages with a tsconfig each; ${large.requests} requests, ${large.wrapperCalls} calls of wrappers (${largeDir})`);
const checkLarge = (m) => {
  const report = JSON.parse(m.stdout);
  expectEqual('files scanned', report.totals.files, large.files, m.label);
  const sites = report.files.flatMap((file) => file.sites);
  expectEqual('requests found', sites.filter((site) => site.kind === 'call').length, large.requests, m.label);
  expectEqual('calls of wrappers found', sites.filter((site) => site.kind === 'caller').length, large.wrapperCalls, m.label);
  expectEqual('errors', report.totals.errors, 0, m.label);
  return `${report.totals.migrated} migrated, ${report.totals.todos} TODOs, ${report.totals.callers} calls of wrappers`;
};
const largeScan = measure('monorepo: app-assignment scan (project mode)', process.execPath, [cli, 'scan', '.', '--json'], { cwd: largeDir, runs: 1 });
const largeNote = checkLarge(largeScan);
// jscodeshift over all the packages at once opens more files than the open-file limit allows (EMFILE: a third of the
// 50,000 files fail on a limit of 20,000), so it runs once per package, as a user with that limit would; the row is
// the sum of the runs, each checked for errors, and together for every file.
const packageRuns = [...Array(large.packages).keys()].map((i) => {
  const run = measure(`jscodeshift p${i}`, process.execPath, [jscodeshift, '--no-babel', '--dry', '--extensions=ts,tsx', '--parser=tsx', '-t', noop, join('packages', `p${i}`)], { cwd: largeDir, runs: 1 });
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(run.stdout)?.[1] ?? NaN);
  expectEqual('errors', count('errors'), 0, `monorepo: ${run.label}`);
  return { ...run, files: count('unmodified') + count('skipped') + count('ok') };
});
expectEqual('files processed', packageRuns.reduce((n, run) => n + run.files, 0), large.files, 'monorepo: jscodeshift, no-op transform');
const peaks = packageRuns.map((run) => run.peakMb).filter((mb) => mb !== undefined);
const largeNoop = {
  label: `monorepo: jscodeshift, no-op (${large.packages} runs, one per package)`,
  medianMs: packageRuns.reduce((ms, run) => ms + run.medianMs, 0),
  peakMb: peaks.length === 0 ? undefined : Math.max(...peaks),
};
for (const [m, note] of [[largeScan, largeNote], [largeNoop, '']]) {
  console.log(`  ${m.label.padEnd(46)} ${m.medianMs.toFixed(0).padStart(7)} ms   peak ${m.peakMb === undefined ? 'n/a' : `${m.peakMb.toFixed(0)} MB`}${note ? `   (${note})` : ''}`);
}
const largeRatio = largeScan.medianMs / largeNoop.medianMs;
console.log(`monorepo: scan ${(largeScan.medianMs / 1000).toFixed(1)} s (target < 40 s: ${verdict(largeScan.medianMs < 40_000)}), ` +
  `peak ${largeScan.peakMb === undefined ? 'n/a' : `${largeScan.peakMb.toFixed(0)} MB`} (target < 800 MB: ${largeScan.peakMb === undefined ? 'not measured' : verdict(largeScan.peakMb < 800)}), ` +
  `${largeRatio.toFixed(3)}x jscodeshift's no-op (target <= 0.1: ${verdict(largeRatio <= 0.1)})`);
