/**
 * The git guard fails closed: where git cannot say whether a file is committed, the run writes nothing and says what
 * git said and how to proceed; a file git ignores (read with --no-ignore) counts as not committed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, giveAway, isRoot, tree } from './helpers/cli.js';

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;

function git(dir: string, ...args: string[]) {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
}

function committed(files: Record<string, string>): string {
  const dir = tree(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

/** Without a global git config: a safe.directory of the machine must not hide the check. */
const ISOLATED = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

describe('the git guard', () => {
  it.runIf(isRoot)('stops on "detected dubious ownership" with git\'s message, safe.directory and --force; writes nothing', () => {
    const dir = committed({ 'a.ts': FIXABLE });
    writeFileSync(join(dir, 'a.ts'), `${FIXABLE}// edited, not committed\n`);
    // A checkout of another user, as in a CI container or under sudo.
    giveAway(dir);
    const run = cli(['migrate'], dir, { env: ISOLATED });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('cannot tell whether the files to change are committed');
    expect(run.stderr).toContain('detected dubious ownership');
    expect(run.stderr).toContain(`git config --global --add safe.directory ${dir}`);
    expect(run.stderr).toContain('pass --force');
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe(`${FIXABLE}// edited, not committed\n`);
    const forced = cli(['migrate', '--force'], dir, { env: ISOLATED });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('stops when git reports an error for the repository (a broken config), and names it', () => {
    const dir = committed({ 'a.ts': FIXABLE });
    writeFileSync(join(dir, '.git', 'config'), '[core\nthis is not a config\n');
    const run = cli(['migrate'], dir, { env: ISOLATED });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/git cannot answer for .*:\n {2}fatal: bad config/);
    expect(run.stderr).toContain('fix what git reports');
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe(FIXABLE);
  });

  it('writes outside git, and in a clean work tree', () => {
    const outside = tree({ 'a.ts': FIXABLE });
    expect(cli(['migrate'], outside, { env: ISOLATED }).code).toBe(0);
    expect(readFileSync(join(outside, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
    const clean = committed({ 'a.ts': FIXABLE });
    expect(cli(['migrate'], clean, { env: ISOLATED }).code).toBe(0);
    expect(readFileSync(join(clean, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('counts a file git ignores, read with --no-ignore, as not committed', () => {
    const dir = committed({ '.gitignore': 'generated/\n', 'a.ts': 'export const a = 1;\n' });
    writeFileSync(join(dir, 'b.ts'), FIXABLE);
    git(dir, 'add', 'b.ts');
    git(dir, 'commit', '-qm', 'b');
    // Written after the commits: git has never seen it.
    const generated = join(dir, 'generated');
    mkdirSync(generated);
    writeFileSync(join(generated, 'c.ts'), FIXABLE);
    const run = cli(['migrate', '--no-ignore'], dir, { env: ISOLATED });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('or git ignores them');
    expect(run.stderr).toContain('generated/c.ts');
    expect(readFileSync(join(generated, 'c.ts'), 'utf8')).toBe(FIXABLE);
    expect(readFileSync(join(dir, 'b.ts'), 'utf8')).toBe(FIXABLE);
    // Without --no-ignore the ignored file is not read, and the committed one is written.
    expect(cli(['migrate'], dir, { env: ISOLATED }).code).toBe(0);
    expect(readFileSync(join(dir, 'b.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
    expect(readFileSync(join(generated, 'c.ts'), 'utf8')).toBe(FIXABLE);
  });
});
