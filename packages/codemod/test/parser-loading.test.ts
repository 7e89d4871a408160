/**
 * Which parser the `app-assignment` binary loads, and when: none for --help, --version, or a run whose files hold no
 * candidate; oxc-parser (and never typescript-estree, which brings TypeScript) when a file needs parsing; and
 * typescript-estree, with one warning line, where oxc's native binary does not load. The binary runs as a child
 * process; a preloaded script records the CommonJS modules it loaded (both parsers and scope-manager are loaded with
 * `require`, so they all show there).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const UNRELATED = `export const merged = Object.assign({}, { a: 1 });\n`;

function tree(files: Record<string, string>): string {
  const dir = makeTempDir('app-assignment-parser-');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const RECORDER = join(makeTempDir('app-assignment-recorder-'), 'record-modules.cjs');
writeFileSync(
  RECORDER,
  "process.on('exit', () => require('node:fs').writeFileSync(process.env.MODULES_FILE, JSON.stringify(Object.keys(require.cache))));\n",
);

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** What the main process loaded, in short names. */
  readonly loaded: { oxc: boolean; typescriptEstree: boolean; scopeManager: boolean };
  /** The TypeScript compiler (ts-morph's, for project mode) was loaded. */
  readonly compiler: boolean;
}

function cli(args: string[], cwd: string, env: Record<string, string> = {}): Run {
  const modulesFile = join(makeTempDir('app-assignment-modules-'), 'modules.json');
  const result = spawnSync(process.execPath, ['--require', RECORDER, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env, MODULES_FILE: modulesFile },
  });
  const modules = (JSON.parse(readFileSync(modulesFile, 'utf8')) as string[]).join('\n');
  return {
    code: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    loaded: {
      oxc: /oxc-parser/.test(modules),
      typescriptEstree: /typescript-estree/.test(modules),
      scopeManager: /scope-manager/.test(modules),
    },
    compiler: /ts-morph|[\\/]typescript[\\/]lib[\\/]typescript\.js/.test(modules),
  };
}

const NOTHING = { oxc: false, typescriptEstree: false, scopeManager: false };
/** A path that is no native module: napi-rs loaders try it instead of the platform's binary, and fail. */
const NO_BINARY = { NAPI_RS_NATIVE_LIBRARY_PATH: join(tmpdir(), 'no-such-oxc-binding.node') };

describe('parser loading', () => {
  it('--help and --version load no parser', () => {
    for (const option of ['--help', '--version']) {
      const run = cli([option], tmpdir());
      expect(run.code).toBe(0);
      expect(run.loaded).toEqual(NOTHING);
    }
  });

  it('a run whose files hold no candidate loads no parser, and says none ran', () => {
    const run = cli(['migrate', '--json', '--dry'], tree({ 'a.ts': UNRELATED, 'b.ts': UNRELATED }));
    expect(run.code).toBe(0);
    expect(run.loaded).toEqual(NOTHING);
    expect((JSON.parse(run.stdout) as { parser: unknown }).parser).toBeNull();
  });

  it('a run with a candidate parses with oxc-parser, never loads typescript-estree, and says oxc ran', () => {
    const run = cli(['migrate', '--json', '--dry'], tree({ 'a.ts': FIXABLE, 'b.ts': UNRELATED }));
    expect(run.code).toBe(0);
    expect(run.loaded).toEqual({ oxc: true, typescriptEstree: false, scopeManager: true });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { parser: string; totals: { migrated: number } };
    expect(report.parser).toBe('oxc');
    expect(report.totals.migrated).toBe(1);
  });

  it('a folder with no tsconfig or jsconfig is read file by file, without loading the TypeScript compiler', () => {
    const run = cli(['migrate', '--json', '--dry'], tree({ 'a.ts': FIXABLE }));
    expect((JSON.parse(run.stdout) as { mode: { kind: string } }).mode.kind).toBe('file');
    expect(run.compiler).toBe(false);
    const project = cli(['migrate', '--json', '--dry'], tree({ 'a.ts': FIXABLE, 'tsconfig.json': '{}' }));
    expect((JSON.parse(project.stdout) as { mode: { kind: string } }).mode.kind).toBe('project');
    expect(project.compiler).toBe(true);
  });

  it("falls back to typescript-estree with one warning line where oxc's binary does not load, with the same result", () => {
    const files = { 'src/a.ts': FIXABLE, 'src/b.ts': UNRELATED };
    const native = cli(['migrate', '--json'], tree(files));
    const dir = tree(files);
    const fallback = cli(['migrate', '--json'], dir, NO_BINARY);
    expect(fallback.code).toBe(0);
    expect(fallback.loaded.typescriptEstree).toBe(true);
    expect(fallback.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^app-assignment: oxc-parser's native binary did not load \(.+\); parsing with typescript-estree, which is slower$/),
    ]);
    const report = JSON.parse(fallback.stdout) as { parser: string };
    expect(report.parser).toBe('typescript-estree');
    expect({ ...report, parser: 'oxc' }).toEqual(JSON.parse(native.stdout));
    expect(readFileSync(join(dir, 'src/a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('warns once, not once per worker, when worker processes fall back', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 250; i++) files[`src/f${i}.ts`] = FIXABLE;
    const run = cli(['migrate', '--json', '--dry', '--jobs', '3'], tree(files), NO_BINARY);
    expect(run.code).toBe(0);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    const report = JSON.parse(run.stdout) as { parser: string; totals: { migrated: number } };
    expect(report.parser).toBe('typescript-estree');
    expect(report.totals.migrated).toBe(250);
  });

  it('the jscodeshift transform falls back the same way, with one warning line for its process', () => {
    const dir = tree({ 'a.ts': FIXABLE, 'b.ts': FIXABLE, 'c.ts': UNRELATED });
    const bin = join(dirname(require.resolve('jscodeshift/package.json')), 'bin', 'jscodeshift.js');
    const transform = require.resolve('@app-assignment/codemod/transform');
    const run = spawnSync(process.execPath, [bin, '--no-babel', '--run-in-band', '-t', transform, '--extensions', 'ts', dir], {
      encoding: 'utf8',
      env: { ...process.env, ...NO_BINARY },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/0 errors/);
    expect(run.stderr.match(/oxc-parser's native binary did not load/g)).toHaveLength(1);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
    expect(readFileSync(join(dir, 'b.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });
});
