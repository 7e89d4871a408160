/**
 * Nothing is dropped in silence: a file the run does not read (too large, not text, not UTF-8) is counted and named in
 * every report, a folder it cannot list is an error of the run (which goes on), and a tsconfig.json that is not JSON
 * stops project mode rather than quietly reading each file alone.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, command, tree } from './helpers/cli.js';

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;
const MIGRATED = `export async function go(code: string, uid: string) {
  await fetch(\`/v3/apps/app_assignments\`, { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code }) });
}
`;

interface Report {
  files: { path: string; status: string; skipped?: string; error?: string }[];
  totals: { files: number; changed: number; errors: number; skipped?: number };
}

/** A tree with one ordinary file and three the run must skip, each of which spells the route. */
function withOddFiles(): { dir: string; bytes: Record<string, Buffer> } {
  const dir = tree({ 'a.ts': FIXABLE });
  const bytes = {
    'large.ts': Buffer.from(FIXABLE + `// ${'x'.repeat(4 * 1024 * 1024)}\n`),
    'binary.ts': Buffer.concat([Buffer.from(FIXABLE), Buffer.from([0, 1, 2])]),
    // 0xE9 is é in Latin-1, and no UTF-8 sequence: a decode and encode would make it EF BF BD.
    'latin1.ts': Buffer.concat([Buffer.from('// caf'), Buffer.from([0xe9]), Buffer.from(`\n${FIXABLE}`)]),
  };
  for (const [name, data] of Object.entries(bytes)) writeFileSync(join(dir, name), data);
  return { dir, bytes };
}

describe('skipped files', () => {
  it('are counted and named with their reason in the summary and the JSON report, and keep every byte', async () => {
    const { dir, bytes } = withOddFiles();
    const run = await command(['migrate'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('3 files skipped, not read');
    expect(run.stdout).toMatch(/ {2}large\.ts: larger than 4 MiB \(\d+ bytes\)/);
    expect(run.stdout).toContain('  binary.ts: holds NUL bytes: not a text file');
    expect(run.stdout).toContain('  latin1.ts: not valid UTF-8: a rewrite would change its other bytes');
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe(MIGRATED);
    for (const [name, data] of Object.entries(bytes)) expect(readFileSync(join(dir, name)).equals(data)).toBe(true);

    const report = JSON.parse((await command(['migrate', '--dry', '--json'], withOddFiles().dir)).stdout) as Report;
    expect(report.totals.skipped).toBe(3);
    expect(report.totals.files).toBe(4);
    expect(report.files.filter((f) => f.status === 'skipped').map((f) => [f.path, f.skipped?.split(':')[0]]).sort()).toEqual([
      ['binary.ts', 'holds NUL bytes'],
      ['large.ts', expect.stringMatching(/^larger than 4 MiB/) as unknown],
      ['latin1.ts', 'not valid UTF-8'],
    ]);
  });

  it('are named by scan in text, Markdown and SARIF', async () => {
    const { dir } = withOddFiles();
    const text = await command(['scan'], dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('latin1.ts: not valid UTF-8');
    expect((await command(['scan', '--format', 'markdown'], dir)).stdout).toMatch(/- binary\.ts: holds NUL bytes/);
    const sarif = JSON.parse((await command(['scan', '--format', 'sarif'], dir)).stdout) as {
      runs: { invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[] }[];
    };
    const notes = sarif.runs[0]!.invocations[0]!.toolExecutionNotifications;
    expect(notes.filter((n) => n.level === 'warning').map((n) => n.message.text.split(':')[0]).sort()).toEqual(['binary.ts', 'large.ts', 'latin1.ts']);
  });

  it('a file that starts with a byte order mark is still read, and keeps it', async () => {
    const dir = tree({ 'a.ts': `\uFEFF${FIXABLE}` });
    expect((await command(['migrate'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe(`\uFEFF${MIGRATED}`);
  });
});

describe('a folder that cannot be listed', () => {
  it('is reported with its path and skipped; the run migrates the rest and exits 1', () => {
    const dir = tree({ 'src/a.ts': FIXABLE, 'src/locked/b.ts': FIXABLE });
    chmodSync(join(dir, 'src', 'locked'), 0o000);
    const run = cli(['migrate', 'src'], dir, { unprivileged: true });
    expect(run.stderr).not.toMatch(/unexpected error|at .*\(/);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/ {2}src\/locked\/: could not read the folder, its files were skipped: EACCES/);
    expect(readFileSync(join(dir, 'src', 'a.ts'), 'utf8')).toBe(MIGRATED);
    const report = JSON.parse(cli(['scan', 'src', '--json'], dir, { unprivileged: true }).stdout) as Report;
    expect(report.totals.errors).toBe(1);
    expect(report.files.find((f) => f.status === 'error')?.path).toBe('src/locked/');
  });
});

describe('a tsconfig.json that is not JSON', () => {
  const CONFIG = '{\n  "compilerOptions": {\n    "strict": true\n    "target": "es2022"\n  }\n}\n';

  it('stops project mode with the file, line and column of the error, exit 2, and nothing written', async () => {
    const dir = tree({ 'tsconfig.json': CONFIG, 'a.ts': FIXABLE });
    for (const args of [['migrate'], ['scan']]) {
      const run = await command(args, dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('cannot read the project: its config is not valid JSON:');
      expect(run.stderr).toContain("tsconfig.json:4:5 ',' expected.");
      expect(run.stderr).toContain('pass --no-project to read each file alone');
    }
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe(FIXABLE);
  });

  it('is read past with --no-project', async () => {
    const dir = tree({ 'tsconfig.json': CONFIG, 'a.ts': FIXABLE });
    expect((await command(['migrate', '--no-project'], dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('comments and trailing commas, which the compiler reads, are no error', async () => {
    const dir = tree({ 'tsconfig.json': '{\n  // strict\n  "compilerOptions": { "strict": true, },\n}\n', 'a.ts': FIXABLE });
    const run = await command(['migrate'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('read as one project');
  });
});
