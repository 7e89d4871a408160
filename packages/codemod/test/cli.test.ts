/**
 * The `app-assignment` binary, spawned as a user runs it, on temporary folders.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const require = createRequire(import.meta.url);
const CLI = join(dirname(require.resolve('@app-assignment/codemod/package.json')), 'dist', 'cli.js');

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: uid }),
  });
}
`;
const MIGRATED = `export async function go(code: string, uid: string) {
  await fetch(\`/v3/apps/app_assignments\`, {
    method: 'POST',
    body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: code }),
  });
}
`;
const MANUAL = `import axios from 'axios';
export const both = (b: string, d: string) =>
  axios.post('/platform/v1/apps/crm/assign', { business_uid: b, directory_uid: d });
`;
const UNRELATED = `// Nothing to do here.\nexport const merged = Object.assign({}, { a: 1 });\n`;

function tree(files: Record<string, string>): string {
  const dir = makeTempDir('app-assignment-cli-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

function cli(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');

function git(dir: string, ...args: string[]) {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
}

describe('app-assignment migrate', () => {
  it('rewrites what it can, leaves a TODO where it cannot, and says so in a summary', () => {
    const dir = tree({ 'src/a.ts': FIXABLE, 'src/b.ts': MANUAL, 'src/c.ts': UNRELATED });
    const run = cli(['migrate', 'src'], dir);
    expect(run.code).toBe(0);
    expect(read(dir, 'src/a.ts')).toBe(MIGRATED);
    expect(read(dir, 'src/b.ts')).toBe(
      `import axios from 'axios';\n// TODO(app-assignment): the body sets both business_uid and directory_uid; v3 takes one assignee, so choose which one this call means\nexport const both = (b: string, d: string) =>\n  axios.post('/platform/v1/apps/crm/assign', { business_uid: b, directory_uid: d });\n`,
    );
    expect(read(dir, 'src/c.ts')).toBe(UNRELATED);
    expect(run.stdout).toContain('3 files scanned, 2 changed, 1 calls migrated, 1 TODOs left, 0 errors');
    expect(run.stdout).toContain('src/b.ts:3:3');

    // A second run changes nothing.
    const again = cli(['migrate', 'src'], dir);
    expect(again.stdout).toContain('0 changed, 0 calls migrated, 1 TODOs left');
    expect(read(dir, 'src/b.ts').match(/TODO\(app-assignment\)/g)).toHaveLength(1);
  });

  it('--dry writes nothing and --diff prints a unified diff', () => {
    const dir = tree({ 'a.ts': FIXABLE });
    const run = cli(['migrate', '--dry', '--diff'], dir);
    expect(run.code).toBe(0);
    expect(read(dir, 'a.ts')).toBe(FIXABLE);
    expect(run.stdout).toContain('--- a/a.ts');
    expect(run.stdout).toContain('+  await fetch(`/v3/apps/app_assignments`, {');
    expect(run.stdout).toContain('(dry run: nothing written)');
  });

  it('--json prints exactly the report on stdout', () => {
    const dir = tree({ 'src/a.ts': FIXABLE, 'src/b.ts': MANUAL, 'src/bad.ts': 'const = ;\n"/assign"\n', 'src/c.ts': UNRELATED });
    const run = cli(['migrate', 'src', '--json', '--dry'], dir);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { files: Record<string, unknown>[]; totals: Record<string, number> };
    expect(report.totals).toEqual({ files: 4, changed: 2, migrated: 1, todos: 1, callers: 0, errors: 1 });
    expect(report.files).toEqual([
      {
        path: 'src/a.ts',
        status: 'changed',
        migrated: 1,
        todos: 0,
        sites: [{ line: 2, column: 9, kind: 'call', client: 'fetch', outcome: 'fix', migrated: true, reasons: [], via: [] }],
      },
      {
        path: 'src/b.ts',
        status: 'changed',
        migrated: 0,
        todos: 1,
        sites: [
          {
            line: 3,
            column: 3,
            kind: 'call',
            client: 'axios',
            outcome: 'manual',
            migrated: false,
            reasons: [{ code: 'assignee-both', text: expect.stringContaining('both business_uid and directory_uid') as string }],
            reason: expect.stringContaining('both business_uid and directory_uid') as string,
            via: [],
          },
        ],
      },
      { path: 'src/bad.ts', status: 'error', migrated: 0, todos: 0, sites: [], error: expect.stringMatching(/^src\/bad\.ts:1:7 /) as string },
      { path: 'src/c.ts', status: 'unchanged', migrated: 0, todos: 0, sites: [] },
    ]);
  });

  it('reports a file that does not parse with file:line:col, leaves it byte-identical, and goes on', () => {
    const broken = 'export const x = {\n  fetch("/platform/v1/apps/a/assign"\n';
    const dir = tree({ 'a.ts': FIXABLE, 'broken.ts': broken });
    const run = cli(['migrate'], dir);
    expect(run.code).toBe(1);
    expect(read(dir, 'broken.ts')).toBe(broken);
    expect(read(dir, 'a.ts')).toBe(MIGRATED);
    expect(run.stdout).toMatch(/broken\.ts:2:\d+ /);
  });

  it('keeps CRLF line endings, a byte order mark and the file mode; leaves no temporary file', () => {
    const text = `\uFEFF${FIXABLE.replace(/\n/g, '\r\n')}`;
    const dir = tree({ 'a.ts': text });
    chmodSync(join(dir, 'a.ts'), 0o640);
    expect(cli(['migrate'], dir).code).toBe(0);
    expect(read(dir, 'a.ts')).toBe(`\uFEFF${MIGRATED.replace(/\n/g, '\r\n')}`);
    expect(statSync(join(dir, 'a.ts')).mode & 0o777).toBe(0o640);
    expect(spawnSync('ls', ['-A', dir], { encoding: 'utf8' }).stdout.trim()).toBe('a.ts');
  });

  it('walks every source extension, respects .gitignore and skips node_modules', () => {
    const files: Record<string, string> = { '.gitignore': 'generated/\n*.gen.ts\n', 'node_modules/x/index.js': FIXABLE, 'generated/a.ts': FIXABLE, 'src/x.gen.ts': FIXABLE, 'notes.md': FIXABLE };
    for (const ext of ['js', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'mts', 'cts']) {
      files[`src/file.${ext}`] = ext.includes('ts') ? FIXABLE : FIXABLE.replace(/: string/g, '');
    }
    const dir = tree(files);
    const report = JSON.parse(cli(['migrate', '--json', '--dry'], dir).stdout) as { files: { path: string; status: string }[] };
    // notes.md is not read as code, but it spells the route: it is named, never passed over in silence.
    expect(report.files.map((f) => [f.path, f.status])).toEqual([
      ...['cjs', 'cts', 'js', 'jsx', 'mjs', 'mts', 'ts', 'tsx'].map((ext) => [`src/file.${ext}`, 'changed']),
      ['notes.md', 'skipped'],
    ]);
  });

  it('parses .ts with the TypeScript grammar and .tsx with JSX', () => {
    const cast = `const n = <number>(<unknown>1);\n${FIXABLE}`;
    const jsx = `export const B = () => <b>{String(1)}</b>;\n${FIXABLE}`;
    const dir = tree({ 'cast.ts': cast, 'view.tsx': jsx });
    const run = cli(['migrate', '--json'], dir);
    expect(run.code, run.stdout).toBe(0);
    expect(read(dir, 'cast.ts')).toBe(`const n = <number>(<unknown>1);\n${MIGRATED}`);
    expect(read(dir, 'view.tsx')).toBe(`export const B = () => <b>{String(1)}</b>;\n${MIGRATED}`);
  });

  it('--builtin drop migrates built_in calls with a TODO; --config adds clients', () => {
    const builtIn = `await fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ directory_uid: 'd1', built_in: 'true' }) });\n`;
    const own = `import { api } from './api';\napi.send('/platform/v1/apps/crm/assign', { directory_uid: 'd1' });\n`;
    const dir = tree({ 'a.ts': builtIn, 'b.ts': own, 'config.json': JSON.stringify({ clients: [{ callee: 'api.send', url: 0, body: 1 }] }) });
    expect(cli(['migrate', 'a.ts', '--builtin', 'drop'], dir).code).toBe(0);
    expect(read(dir, 'a.ts')).toBe(
      `// TODO(app-assignment): built_in was dropped because POST /v3/apps/app_assignments cannot install an app for all users of a directory; check that this is acceptable\nawait fetch('/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ directory_uid: 'd1', built_in: 'true' }) });\n`.replace(
        "{ directory_uid: 'd1', built_in: 'true' }",
        "{ assignee_type: 'directory', assignee_uid: 'd1', app_code_name: 'crm' }",
      ),
    );
    expect(cli(['migrate', 'b.ts', '--config', 'config.json'], dir).code).toBe(0);
    expect(read(dir, 'b.ts')).toContain("api.send('/v3/apps/app_assignments', { assignee_type: 'directory', assignee_uid: 'd1', app_code_name: 'crm' });");
  });

  it('--shard i/n splits the files into disjoint slices that cover them all', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`src/f${i}.ts`] = FIXABLE;
    const dir = tree(files);
    const slices = [1, 2, 3].map((i) => {
      const report = JSON.parse(cli(['migrate', '--json', '--dry', '--shard', `${i}/3`], dir).stdout) as { files: { path: string }[] };
      return report.files.map((f) => f.path);
    });
    const all = slices.flat().sort();
    expect(all).toEqual(Object.keys(files).sort());
    expect(new Set(all).size).toBe(30);
    expect(slices.every((s) => s.length > 0)).toBe(true);
    // Deterministic: the same slice twice.
    expect((JSON.parse(cli(['migrate', '--json', '--dry', '--shard', '2/3'], dir).stdout) as { files: { path: string }[] }).files.map((f) => f.path)).toEqual(slices[1]);
  });

  it('--jobs spreads files over worker processes with the same result', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) files[`src/f${i}.ts`] = i % 2 === 0 ? FIXABLE : MANUAL;
    const one = tree(files);
    const many = tree(files);
    const a = JSON.parse(cli(['migrate', '--json', '--jobs', '1'], one).stdout) as unknown;
    const b = JSON.parse(cli(['migrate', '--json', '--jobs', '3'], many).stdout) as unknown;
    expect(b).toEqual(a);
    expect(read(many, 'src/f0.ts')).toBe(MIGRATED);
  });

  it('refuses to write over uncommitted changes in a git work tree unless --force', () => {
    const dir = tree({ 'a.ts': UNRELATED, 'b.ts': FIXABLE });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'init');
    writeFileSync(join(dir, 'b.ts'), `${FIXABLE}// edited\n`);
    const refused = cli(['migrate'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('uncommitted changes');
    expect(refused.stderr).toContain('b.ts');
    expect(read(dir, 'b.ts')).toBe(`${FIXABLE}// edited\n`);
    expect(cli(['migrate', '--dry'], dir).code).toBe(0);
    const forced = cli(['migrate', '--force'], dir);
    expect(forced.code).toBe(0);
    expect(read(dir, 'b.ts')).toBe(`${MIGRATED}// edited\n`);
  });

  it('writes in a clean git work tree', () => {
    const dir = tree({ 'b.ts': FIXABLE });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'init');
    expect(cli(['migrate'], dir).code).toBe(0);
    expect(read(dir, 'b.ts')).toBe(MIGRATED);
  });

  it.each([
    [['migrate', '--builtin', 'maybe'], /--builtin must be "keep" or "drop"/],
    [['migrate', '--shard', '0/2'], /--shard must be i\/n/],
    [['migrate', '--jobs', 'many'], /--jobs must be a whole number/],
    [['migrate', '--nope'], /Unknown option '--nope'/],
    [['transform'], /unknown command "transform"/],
    [[], /missing command/],
    [['migrate', 'missing-folder'], /no such file or folder: missing-folder/],
    [['migrate', '--config', 'nope.json'], /--config nope\.json/],
  ])('refuses bad usage %j with exit 2 and says what to do', (args, message) => {
    const dir = tree({ 'bad-config.json': '{"clients": [{"callee": 3}]}' });
    const run = cli(args, dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('refuses a config with a wrong field and names it', () => {
    const dir = tree({ 'c.json': '{"clients": [{"callee": "api.x", "url": 0, "bodyIndex": 1}]}' });
    const run = cli(['migrate', '--config', 'c.json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('c.json.clients[0]: unknown field "bodyIndex"');
  });

  it('shows a progress line on a terminal, and none when stderr is not one', () => {
    const dir = tree({ 'a.ts': FIXABLE, 'b.ts': UNRELATED });
    // `script` gives the command a real pseudo-terminal.
    const onTerminal = spawnSync('script', ['-qec', `${process.execPath} ${CLI} migrate --dry`, '/dev/null'], { cwd: dir, encoding: 'utf8' });
    expect(onTerminal.status).toBe(0);
    expect(onTerminal.stdout).toContain('migrating: 2/2 files, 1 calls migrated');
    expect(onTerminal.stdout).toContain('2 files scanned, 1 changed, 1 calls migrated');
    expect(cli(['migrate', '--dry'], dir).stderr).not.toContain('migrating:');
  });

  it('--help and --version', () => {
    const help = cli(['--help'], tmpdir());
    expect(help.code).toBe(0);
    for (const option of ['--dry', '--diff', '--json', '--builtin', '--config', '--jobs', '--shard', '--force', 'Exit codes']) {
      expect(help.stdout).toContain(option);
    }
    const version = cli(['--version'], tmpdir());
    expect(version.stdout.trim()).toBe((require('@app-assignment/codemod/package.json') as { version: string }).version);
  });
});
