/**
 * CODEOWNERS read as GitHub documents it ("About code owners", its example file): a pattern ending in `/*` owns the
 * files directly in its folder only, `**` crosses folders, a folder pattern owns everything under it (anchored with a
 * leading `/`, at any depth without), paths are case-sensitive, a space is escaped with `\`, the last matching rule
 * wins and a rule without owners gives nobody. Then `apply --owners` over a tree whose owners only those rules tell
 * apart, in project mode and with `--no-project`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeownersPattern, parseCodeowners } from '../src/report/codeowners.js';
import { command, tree } from './helpers/cli.js';
import { TSCONFIG } from './helpers/project-tree.js';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

describe('one pattern, by the examples of GitHub\'s documentation', () => {
  it.each([
    ['*', ['a.js', 'src/deep/b.ts'], []],
    ['*.js', ['a.js', 'build/logs/b.js'], ['a.ts', 'a.js.map']],
    ['*.go', ['main.go', 'cmd/x/main.go'], ['main.GO']],
    // "docs/* will match files like docs/getting-started.md but not further nested files like docs/build-app/troubleshooting.md"
    ['docs/*', ['docs/getting-started.md'], ['docs/build-app/troubleshooting.md', 'other/docs/a.md']],
    ['/src/*', ['src/top.ts'], ['src/web/a.ts', 'src/misc/deep/d.ts']],
    // "any file in the /docs directory in the root of your repository and any of its subdirectories"
    ['/docs/', ['docs/a.md', 'docs/x/y/z.md'], ['src/docs/a.md', 'docs']],
    ['/build/logs/', ['build/logs/a.log', 'build/logs/x/b.log'], ['build/a.log', 'x/build/logs/a.log']],
    // "any file in a /logs directory such as /build/logs, /scripts/logs, and /deeply/nested/logs"
    ['**/logs', ['build/logs/a', 'scripts/logs/b', 'deeply/nested/logs/c', 'logs/d'], ['logsx/a', 'build/catalogs/a']],
    // "any file in the apps directory anywhere in your repository"
    ['apps/', ['apps/a.ts', 'x/apps/b/c.ts'], ['apps', 'myapps/a.ts']],
    ['/apps/github', ['apps/github', 'apps/github/a.ts'], ['apps/githubx/a.ts', 'x/apps/github/a.ts']],
    ['**/misc/**', ['src/misc/deep/d.ts', 'misc/a.ts'], ['src/misc2/a.ts']],
    // Paths are case-sensitive.
    ['/src/web', ['src/web/a.ts', 'src/web/legacy/b.ts'], ['src/Web/h.ts', 'src/website/a.ts']],
    ['/src/my dir/', ['src/my dir/e.ts'], ['src/my/e.ts']],
  ])('%s', (pattern, matched, unmatched) => {
    const regexp = codeownersPattern(pattern)!;
    for (const path of matched) expect(regexp.test(path), `${pattern} matches ${path}`).toBe(true);
    for (const path of unmatched) expect(regexp.test(path), `${pattern} does not match ${path}`).toBe(false);
  });

  it('negation and character ranges, which GitHub does not support, are no rule', () => {
    expect(codeownersPattern('!/src/web/')).toBeUndefined();
    expect(codeownersPattern('/src/[ab]/')).toBeUndefined();
  });
});

const CODEOWNERS = `# the review's file
*.ts                 @org/ts
/src/web             @org/web
/src/web/legacy/
billing/             @org/bill
/src/*               @org/top
**/misc/**           @org/misc
/src/my\\ dir/        @org/space   # an escaped space
`;

/** Each file of the tree and its owners by GitHub's rules. */
const EXPECTED: Record<string, string> = {
  'src/web/a.ts': '@org/web',
  'src/web/legacy/b.ts': 'nobody',
  'src/billing/c.ts': '@org/bill',
  'src/misc/deep/d.ts': '@org/misc',
  'src/my dir/e.ts': '@org/space',
  'src/a/f.ts': '@org/ts',
  'src/top.ts': '@org/top',
  'src/Web/h.ts': '@org/ts',
};

describe('a whole file: the last matching rule wins', () => {
  it('gives each file the owners GitHub gives it', () => {
    const ownersOf = parseCodeowners(CODEOWNERS);
    for (const [path, owner] of Object.entries(EXPECTED)) expect(ownersOf(path).join(' ') || 'nobody', path).toBe(owner);
  });

  const call = (code: string) => `export async function assign(biz: string): Promise<number> {
  const res = await fetch('https://api.example.com/platform/v1/apps/${code}/assign', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ business_uid: biz }) });
  return res.status;
}
`;
  for (const flags of [[], ['--no-project']]) {
    it(`apply --owners --json gives each planned file to those owners${flags.length === 0 ? ' (project mode)' : ' (--no-project)'}`, async () => {
      const files: Record<string, string> = { 'package.json': '{ "name": "p", "private": true, "type": "module" }\n', 'tsconfig.json': TSCONFIG, '.github/CODEOWNERS': CODEOWNERS };
      for (const [i, path] of Object.keys(EXPECTED).entries()) files[path] = call(`app-${i}`);
      const dir = tree(files);
      const plan = join(makeTempDir('app-assignment-plan-'), 'plan.json');
      expect((await command(['analyze', '.', ...flags, '--out', plan], dir)).code).toBe(0);
      expect((JSON.parse(readFileSync(plan, 'utf8')) as { files: unknown[] }).files).toHaveLength(Object.keys(EXPECTED).length);
      const listed = await command(['apply', plan, '--owners', '--json'], dir);
      expect(listed.code, listed.stderr).toBe(0);
      const owners = JSON.parse(listed.stdout) as { owner: string; files: string[] }[];
      const got = Object.fromEntries(owners.flatMap((entry) => entry.files.map((path) => [path, entry.owner])));
      expect(got).toEqual(EXPECTED);
    }, 60_000);
  }
});
