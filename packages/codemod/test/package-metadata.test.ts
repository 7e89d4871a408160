/**
 * What npm users expect of each published package, read from what `pnpm pack` would put in its tarball: the license
 * file, a README and a CHANGELOG, where the code lives (repository, homepage, bugs) and keywords; and source maps
 * whose sources are in the tarball, so a stack trace or "go to definition" lands on real TypeScript.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const PUBLISHED = ['core', 'project', 'eslint-plugin', 'codemod', 'contract-server'];

interface Manifest {
  name: string;
  license?: string;
  private?: boolean;
  keywords?: string[];
  repository?: { type: string; url: string; directory: string };
  homepage?: string;
  bugs?: { url: string };
}

/** The files `pnpm pack` would put in the package's tarball. */
function packedFiles(dir: string): string[] {
  const result = spawnSync('pnpm', ['pack', '--dry-run', '--json'], { cwd: dir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
}

describe.each(PUBLISHED)('packages/%s as published', (name) => {
  const dir = join(ROOT, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  const files = packedFiles(dir);

  it('ships the license of the repository, a README and a CHANGELOG', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']));
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(ROOT, 'LICENSE'), 'utf8'));
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('says where its code, home page and issues are, and has keywords', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: 'git+https://github.com/app-assignment/app-assignment.git', directory: `packages/${name}` });
    expect(manifest.homepage).toBe(`https://github.com/app-assignment/app-assignment/tree/main/packages/${name}#readme`);
    expect(manifest.bugs).toEqual({ url: 'https://github.com/app-assignment/app-assignment/issues' });
    expect(manifest.keywords?.length).toBeGreaterThan(2);
  });

  it('ships the sources its source maps point to', () => {
    const maps = files.filter((file) => file.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const shipped = new Set(files.map((file) => normalize(file)));
    const missing = maps.flatMap((map) => {
      const { sources, sourcesContent } = JSON.parse(readFileSync(join(dir, map), 'utf8')) as { sources: string[]; sourcesContent?: string[] };
      return sources.filter((source, i) => sourcesContent?.[i] == null && !shipped.has(normalize(join(dirname(map), source)))).map((source) => `${map} -> ${source}`);
    });
    expect(missing).toEqual([]);
  });
});
