/**
 * Options are checked before the work: a report that cannot be written, a shard number past any CI matrix and more
 * workers than cores are refused or bounded before any file is read, and a crash of the tool has an exit code of its
 * own, distinct from "some file errored".
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_SHARDS, sharedOptions } from '../src/options.js';
import { cli, tree } from './helpers/cli.js';

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;

describe('scan --out', () => {
  it.each([
    ['a folder that does not exist', 'missing/report.json', /--out missing\/report\.json: its folder .*missing does not exist: create it first/],
    ['a folder', 'reports', /--out reports: is a folder: name a file in it/],
    ['a path under a file', 'a.ts/report.json', /--out a\.ts\/report\.json: .*a\.ts is not a folder/],
  ])('refuses %s with exit 2 before the scan, and writes nothing', (_what, out, message) => {
    // A file that does not parse would make the scan exit 1: the refusal comes first.
    const dir = tree({ 'a.ts': FIXABLE, 'bad.ts': 'const = ;\n"/platform/v1/apps/x/assign"\n', 'reports/.keep': '' });
    const run = cli(['scan', '--json', '--out', out], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('refuses a folder the user cannot write, with exit 2', () => {
    const dir = tree({ 'a.ts': FIXABLE, 'locked/.keep': '' });
    chmodSync(join(dir, 'locked'), 0o555);
    const run = cli(['scan', '--json', '--out', 'locked/report.json'], dir, { unprivileged: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--out locked\/report\.json: its folder .*locked cannot be written/);
    expect(existsSync(join(dir, 'locked', 'report.json'))).toBe(false);
  });

  it('writes into a folder that exists', () => {
    const dir = tree({ 'a.ts': FIXABLE });
    mkdirSync(join(dir, 'out'));
    const run = cli(['scan', '--json', '--out', 'out/report.json'], dir);
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, 'out', 'report.json'))).toBe(true);
  });
});

describe('--shard and --jobs', () => {
  it.each([
    ['1/99999999999999999999'],
    [`1/${MAX_SHARDS + 1}`],
    ['99999999999999999999/99999999999999999999'],
    ['0/4'],
    ['5/4'],
    ['1/0'],
  ])('refuses --shard %s with exit 2, naming the bounds', (shard) => {
    for (const command of ['migrate', 'scan']) {
      const run = cli([command, '--dry', '--shard', shard].filter((arg) => command === 'migrate' || arg !== '--dry'), tree({ 'a.ts': FIXABLE }));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--shard must be i/n with 1 <= i <= n <= ${MAX_SHARDS}`);
    }
  });

  it(`takes --shard ${MAX_SHARDS}/${MAX_SHARDS}`, async () => {
    expect((await sharedOptions({ shard: `${MAX_SHARDS}/${MAX_SHARDS}` })).shard).toEqual({ index: MAX_SHARDS, count: MAX_SHARDS });
  });

  it('caps --jobs at the cores, and keeps a smaller number', async () => {
    const cores = availableParallelism();
    expect((await sharedOptions({ jobs: '1000' })).jobs).toBe(cores);
    expect((await sharedOptions({ jobs: '99999999999999999999999' })).jobs).toBe(cores);
    expect((await sharedOptions({ jobs: '1' })).jobs).toBe(1);
    expect((await sharedOptions({})).jobs).toBeUndefined();
  });

  it('runs with --jobs far above the cores', () => {
    const run = cli(['migrate', '--dry', '--json', '--jobs', '1000'], tree({ 'a.ts': FIXABLE }));
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { totals: { migrated: number } }).totals.migrated).toBe(1);
  });
});

describe('exit codes', () => {
  it.runIf(existsSync('/dev/full'))('a crash of the tool (a report write that fails) exits 3, not 1, with the error', () => {
    const run = cli(['scan', '--json', '--out', '/dev/full'], tree({ 'a.ts': FIXABLE }));
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/app-assignment: unexpected error: .*ENOSPC/);
  });

  it('--help of both commands says what exit 3 means', () => {
    const dir = tree({});
    expect(cli(['--help'], dir).stdout).toMatch(/3 the tool itself\s+failed/);
    expect(cli(['scan', '--help'], dir).stdout).toMatch(/3 the tool itself failed/);
  });
});
