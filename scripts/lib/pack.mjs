/**
 * Packs workspace packages the way they would be published (`pnpm pack` turns `workspace:*` into versions) and
 * installs the tarballs into an empty project outside the workspace, with their other dependencies from the registry.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from './temp.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The pnpm that runs this test run (a script for node, or pnpm 12's own executable), else the one on PATH. */
function pnpmCommand() {
  const execpath = process.env.npm_execpath;
  if (execpath === undefined || !/pnpm/.test(execpath)) return ['pnpm', []];
  return /\.[cm]?js$/.test(execpath) ? [process.execPath, [execpath]] : [execpath, []];
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_yes: 'true' } });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** Packs `packages/<name>` into `dest`; returns the tarball's path. */
export function pack(name, dest) {
  const [command, prefix] = pnpmCommand();
  const before = new Set(readdirSync(dest));
  run(command, [...prefix, 'pack', '--pack-destination', dest], join(root, 'packages', name));
  const tarball = readdirSync(dest).find((file) => file.endsWith('.tgz') && !before.has(file));
  if (tarball === undefined) throw new Error(`pnpm pack made no tarball for ${name}`);
  return join(dest, tarball);
}

/** An empty project outside the workspace with the packed packages and `registryDeps` installed by npm. */
export function installPacked(packages, registryDeps) {
  const dir = makeTempDir('app-assignment-user-');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true, type: 'module' }, null, 2));
  const tarballs = packages.map((name) => pack(name, dir));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, ...registryDeps], dir);
  return dir;
}

export { run };
