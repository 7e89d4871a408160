/**
 * `app-assignment scan`, spawned as a user runs it: the inventory in its text and JSON forms, its exit codes, and
 * what `.gitignore` keeps out of a run (for `migrate` too).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, command, tree } from './helpers/cli.js';

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: uid }),
  });
}
`;
const BUILT_IN = `import axios from 'axios';
export const all = (d: string) =>
  axios.post('/platform/v1/apps/crm/assign', { directory_uid: d, built_in: 'true' });
`;
const BOOLEAN = `import axios from 'axios';
export const internal = (d: string) => axios.post('/platform/v1/apps/crm/assign', { directory_uid: d, is_internal: true });
`;

interface Report {
  files: { path: string; status: string; migrated: number; todos: number; sites: Record<string, unknown>[]; error?: string }[];
  totals: Record<string, number>;
  ignored: { files: number; by: { source: string; pattern: string; files: number }[] };
}

describe('app-assignment scan', () => {
  it('lists every site in a table and writes nothing', async () => {
    const dir = tree({ 'src/a.ts': FIXABLE, 'src/b.ts': BUILT_IN, 'src/c.ts': BOOLEAN });
    const run = await command(['scan'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('3 files scanned, 3 deprecated calls: 1 with an exact rewrite, 2 for a person (1 of them rewritten with a note)');
    expect(run.stdout).toMatch(/^location\s+client\s+outcome\s+migrate\s+reason$/m);
    expect(run.stdout).toMatch(/^src\/a\.ts:2:9\s+fetch\s+fix\s+rewrites$/m);
    expect(run.stdout).toMatch(/^src\/b\.ts:3:3\s+axios\s+manual\s+leaves a TODO\s+built_in "true" has no equivalent/m);
    expect(run.stdout).toMatch(/^src\/c\.ts:2:40\s+axios\s+review\s+rewrites\s+is_internal is the boolean true/m);
    expect(readFileSync(join(dir, 'src/a.ts'), 'utf8')).toBe(FIXABLE);
    expect(readFileSync(join(dir, 'src/b.ts'), 'utf8')).toBe(BUILT_IN);
  });

  it('--json (and --format json) print the report of migrate --json, without writing', async () => {
    const dir = tree({ 'src/a.ts': FIXABLE, 'src/b.ts': BUILT_IN, 'src/c.ts': BOOLEAN });
    const run = await command(['scan', 'src', '--json'], dir);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.totals).toEqual({ files: 3, changed: 3, migrated: 2, callers: 0, todos: 2, errors: 0 });
    expect(report.files.map((f) => f.sites)).toEqual([
      [{ line: 2, column: 9, kind: 'call', client: 'fetch', outcome: 'fix', migrated: true, reasons: [], via: [] }],
      [
        {
          line: 3,
          column: 3,
          kind: 'call',
          client: 'axios',
          outcome: 'manual',
          migrated: false,
          reasons: [{ code: 'built-in-unsupported', key: 'built_in', text: expect.stringMatching(/^built_in "true" has no equivalent/) as string }],
          reason: expect.stringMatching(/^built_in "true" has no equivalent/) as string,
          via: [],
        },
      ],
      [
        {
          line: 2,
          column: 40,
          kind: 'call',
          client: 'axios',
          outcome: 'review',
          migrated: true,
          reasons: [{ code: 'flag-boolean', key: 'is_internal', text: expect.stringMatching(/^is_internal is the boolean true/) as string }],
          reason: expect.stringMatching(/^is_internal is the boolean true/) as string,
          via: [],
        },
      ],
    ]);
    expect(report.ignored).toEqual({ files: 0, by: [] });
    expect(JSON.parse((await command(['scan', 'src', '--format', 'json'], dir)).stdout)).toEqual(report);
    // migrate --dry --json reports the same sites.
    const migrate = JSON.parse((await command(['migrate', 'src', '--dry', '--json'], dir)).stdout) as Report;
    expect(migrate.files).toEqual(report.files);
    expect(readFileSync(join(dir, 'src/c.ts'), 'utf8')).toBe(BOOLEAN);
  });

  it('--out writes the report to a file', async () => {
    const dir = tree({ 'a.ts': FIXABLE });
    const run = await command(['scan', '--json', '--out', 'report.json'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect((JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report).totals.migrated).toBe(1);
  });

  it('exits 0 whatever it finds, 1 when a file does not parse (and lists it)', () => {
    expect(cli(['scan'], tree({ 'a.ts': BUILT_IN })).code).toBe(0);
    expect(cli(['scan'], tree({ 'a.ts': 'export const x = 1;\n' })).code).toBe(0);
    const broken = cli(['scan'], tree({ 'a.ts': FIXABLE, 'bad.ts': 'const = ;\n"/assign"\n' }));
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/bad\.ts:1:7 /);
  });

  it.each([
    [['scan', '--format', 'pdf'], /--format must be one of text, json, sarif, markdown, html, not "pdf"/],
    [['scan', '--format', 'html'], /--format html writes a page: name its file with --out/],
    [['scan', '--json', '--format', 'sarif'], /--json is --format json; it cannot go with --format sarif/],
    [['scan', '--link-base', 'https://x/'], /--link-base is for --format markdown only/],
    [['scan', '--shard', '3/2'], /--shard must be i\/n/],
    [['scan', '--jobs', '0'], /--jobs must be a whole number/],
    [['scan', '--builtin', 'maybe'], /--builtin must be "keep" or "drop"/],
    [['scan', '--dry'], /Unknown option '--dry'.*scan --help/],
    [['scan', 'missing-folder'], /no such file or folder: missing-folder/],
  ])('refuses bad usage %j with exit 2 and says what to do', async (args, message) => {
    const run = await command(args, tree({ 'a.ts': FIXABLE }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('--help lists the formats and the exit codes; the main help names scan', async () => {
    const help = await command(['scan', '--help'], tree({}));
    expect(help.code).toBe(0);
    for (const word of ['--format', 'sarif', 'markdown', 'html', '--out', '--no-ignore', 'Exit codes']) expect(help.stdout).toContain(word);
    expect((await command(['--help'], tree({}))).stdout).toContain('app-assignment scan [paths...]');
  });
});

describe('files that .gitignore covers', () => {
  const files = { '.gitignore': 'build/\n*.gen.ts\n', 'src/a.ts': FIXABLE, 'src/x.gen.ts': FIXABLE, 'build/generated/one.ts': FIXABLE, 'build/generated/two.ts': FIXABLE };

  it('are counted, with the .gitignore line that keeps them out, by scan and migrate', async () => {
    const dir = tree(files);
    const scan = await command(['scan', '--json'], dir);
    const report = JSON.parse(scan.stdout) as Report;
    expect(report.files.map((f) => f.path)).toEqual(['src/a.ts']);
    expect(report.ignored).toEqual({
      files: 3,
      by: [
        { source: '.gitignore:1', pattern: 'build/', files: 2 },
        { source: '.gitignore:2', pattern: '*.gen.ts', files: 1 },
      ],
    });
    const text = await command(['scan'], dir);
    expect(text.stdout).toContain('3 source files skipped because .gitignore covers them (build/ (.gitignore:1): 2; *.gen.ts (.gitignore:2): 1); pass --no-ignore to read them too');
    const migrate = await command(['migrate', '--dry'], dir);
    expect(migrate.stdout).toContain('1 files scanned');
    expect(migrate.stdout).toContain('3 source files skipped because .gitignore covers them');
  });

  it('a folder named explicitly whose files are all ignored gets a warning, and --no-ignore reads them', async () => {
    const dir = tree(files);
    for (const name of ['scan', 'migrate']) {
      const run = await command([name, 'build/generated', ...(name === 'migrate' ? ['--dry'] : [])], dir);
      expect(run.code).toBe(0);
      expect(run.stderr).toContain('warning: build/generated: all 2 source files under it are ignored by .gitignore; pass --no-ignore to read them');
    }
    const read = JSON.parse((await command(['scan', 'build/generated', '--no-ignore', '--json'], dir)).stdout) as Report;
    expect(read.files.map((f) => f.path)).toEqual(['build/generated/one.ts', 'build/generated/two.ts']);
    expect(read.totals.migrated).toBe(2);
    expect(read.ignored.files).toBe(0);
    const migrated = await command(['migrate', 'build/generated', '--no-ignore'], dir);
    expect(migrated.code).toBe(0);
    expect(readFileSync(join(dir, 'build/generated/one.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('a folder with no source file at all says so too', async () => {
    const dir = tree({ 'docs/readme.md': '# hi\n', 'a.ts': FIXABLE });
    expect((await command(['scan', 'docs'], dir)).stderr).toContain('warning: docs: holds no source file');
  });
});
