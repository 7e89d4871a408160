/**
 * Generates a deterministic monorepo for `pnpm bench:project`'s large row: `packages` workspace packages, each a tree
 * of `generate-app-tree.mjs` (realistic services, components and utilities; 1% of the files call the deprecated
 * operation, as many again hold near misses; a `lib/platform.ts` wrapper with callers in other folders) with a tsconfig
 * of its own, and in every package but the first, `cross` modules that call the first package's wrapper through a path
 * alias: wrappers whose callers sit in other packages. The root has the workspaces and a solution tsconfig.
 *
 * Returns what was generated, so that a benchmark can check that a run found it: the files, and the deprecated calls
 * written in them (requests, and calls of the wrappers).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GENERATOR = join(dirname(fileURLToPath(import.meta.url)), 'generate-app-tree.mjs');

/** A request of the deprecated route as the generator writes it (a template or a concatenation of the code). */
const REQUEST = /\/platform\/v1\/apps\/(?:\$\{[^}]+\}|' \+ \w+ \+ ')\/assign\b/g;
const WRAPPER_CALL = /\bassignApp\(/g;

function walk(dir, into = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, into);
    else if (/\.tsx?$/.test(entry.name)) into.push(path);
  }
  return into;
}

export function generateMonorepo(dir, { files = 50_000, packages = 5, share = 0.01, cross = 20 } = {}) {
  const per = Math.floor(files / packages);
  const names = Array.from({ length: packages }, (_, i) => `p${i}`);
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  for (const [i, name] of names.entries()) {
    const result = spawnSync(process.execPath, [GENERATOR, join(dir, 'packages', name), String(i === 0 ? per : per - cross), String(share), 'project'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`generating packages/${name} failed:\n${result.stderr}`);
    write(`packages/${name}/package.json`, `${JSON.stringify({ name: `@bench/${name}`, private: true, type: 'module' }, null, 2)}\n`);
    const config = JSON.parse(readFileSync(join(dir, 'packages', name, 'tsconfig.json'), 'utf8'));
    if (i > 0) {
      config.compilerOptions.paths = { '@bench/p0/platform': ['../p0/lib/platform.ts'] };
      for (let k = 0; k < cross; k++) {
        write(`packages/${name}/cross/partner${k}.ts`, `import { assignApp } from '@bench/p0/platform';

/** Onboards a partner of ${name} through the platform package's wrapper. */
export async function onboardPartner${k}(directoryUid: string): Promise<number> {
  return assignApp('partner-${name}-${k}', { directory_uid: directoryUid });
}
`);
      }
    }
    write(`packages/${name}/tsconfig.json`, `${JSON.stringify(config, null, 2)}\n`);
  }
  write('package.json', `${JSON.stringify({ name: 'bench-monorepo', private: true, workspaces: ['packages/*'] }, null, 2)}\n`);
  write('tsconfig.json', `${JSON.stringify({ files: [], references: names.map((name) => ({ path: `packages/${name}` })) }, null, 2)}\n`);
  let requests = 0;
  let wrapperCalls = 0;
  const all = walk(join(dir, 'packages'));
  for (const path of all) {
    const text = readFileSync(path, 'utf8');
    requests += text.match(REQUEST)?.length ?? 0;
    if (!path.endsWith(join('lib', 'platform.ts'))) wrapperCalls += text.match(WRAPPER_CALL)?.length ?? 0;
  }
  return { files: all.length, packages, requests, wrapperCalls };
}
