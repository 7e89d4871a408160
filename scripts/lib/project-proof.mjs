/**
 * The before/after proof for the multi-file projects of `fixtures/projects/`: copy a project beside the sample app's
 * installed clients, migrate it with the real CLI in project mode, compile it with the real TypeScript compiler, and
 * run each of its steps against a fresh contract server (`compareRuns` of proof.mjs then says whether every step left
 * the same assignments).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileConfig } from './compile.mjs';
import { CLI } from './proof.mjs';
import { runApp } from './run-app.mjs';
import { makeTempDir } from './temp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECTS_DIR = join(root, 'fixtures', 'projects');
const CLIENTS = join(root, 'fixtures', 'sample-app', 'node_modules');
const TSC = join(CLIENTS, 'typescript', 'bin', 'tsc');

/** The fixture projects: every folder of fixtures/projects with a src/ or packages/ tree. */
export function projectNames() {
  return readdirSync(PROJECTS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/** A monorepo project (packages/*, each with its own tsconfig) rather than one tsconfig over src/. */
function isMonorepo(dir) {
  return existsSync(join(dir, 'packages'));
}

/** A copy of a project's sources in a new temporary folder, with the sample app's clients installed beside it. */
export function copyProject(name, label) {
  const source = join(PROJECTS_DIR, name);
  const dir = makeTempDir(`app-assignment-${name}-${label}-`);
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => {
      const rel = relative(source, path).split(sep);
      return !rel.includes('node_modules') && !rel.includes('dist') && rel[0] !== 'after' && rel[0] !== 'expected.md';
    },
  });
  symlinkSync(CLIENTS, join(dir, 'node_modules'), 'dir');
  if (isMonorepo(dir)) {
    // What a workspace install does: the app package reaches the client package through node_modules.
    for (const pkg of readdirSync(join(dir, 'packages'))) {
      const manifest = JSON.parse(readFileSync(join(dir, 'packages', pkg, 'package.json'), 'utf8'));
      for (const other of readdirSync(join(dir, 'packages'))) {
        if (other === pkg) continue;
        const name = JSON.parse(readFileSync(join(dir, 'packages', other, 'package.json'), 'utf8')).name;
        if (!(name in { ...manifest.dependencies, ...manifest.devDependencies })) continue;
        const link = join(dir, 'packages', pkg, 'node_modules', ...name.split('/'));
        mkdirSync(dirname(link), { recursive: true });
        symlinkSync(join(dir, 'packages', other), link, 'dir');
      }
    }
  }
  return dir;
}

/**
 * Compiles the project with the real TypeScript compiler (the sample app's own), as `tsc -p` does: every error fails,
 * with the compiler's words; `tsc -b` in its own process for a monorepo, one-config projects in this one (compile.mjs).
 */
export function compileProject(dir) {
  if (isMonorepo(dir)) {
    const result = spawnSync(process.execPath, [TSC, '-b', dir], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tsc failed in ${dir}:\n${result.stdout}${result.stderr}`);
    return;
  }
  compileConfig(join(dir, 'tsconfig.json'));
}

/** `app-assignment migrate . --json` in the project's folder (project mode), with the report parsed. */
export function migrateProjectCopy(dir, extraArgs = []) {
  const result = spawnSync(process.execPath, [CLI, 'migrate', '.', '--json', '--force', ...extraArgs], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`migrate exited ${result.status}:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

function mainOf(dir) {
  return isMonorepo(dir) ? join(dir, 'packages', 'app', 'dist', 'main.js') : join(dir, 'dist', 'main.js');
}

/**
 * Runs each step of the compiled project alone (in a thread of its own: run-app.mjs) against a fresh state of `server`:
 * its status and its assignments.
 */
export async function runProjectSteps(dir, server) {
  const main = mainOf(dir);
  const steps = JSON.parse(await runApp(main, ['--steps']));
  const results = [];
  for (const [index, step] of steps.entries()) {
    server.reset();
    const stdout = await runApp(main, [String(index)], { ...process.env, APP_API_BASE: server.url });
    const line = JSON.parse(stdout.trim().split('\n').pop());
    results.push({ step, status: line.status, assignments: server.assignments() });
  }
  return results;
}

/** Every source file of a tree (relative paths), without installed or built files. */
export function sourceFiles(dir, sub = '') {
  const files = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.endsWith('.tsbuildinfo')) continue;
    const rel = sub === '' ? entry.name : `${sub}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(dir, rel));
    else if (/\.[cm]?[jt]sx?$/.test(entry.name)) files.push(rel);
  }
  return files.sort();
}
