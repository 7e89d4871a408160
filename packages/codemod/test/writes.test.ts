/**
 * A run that writes cannot leave a half-migrated tree: killed at any write (SIGKILL or SIGINT), a plain re-run gives
 * the tree of one uninterrupted run and `--rollback` gives the original; a second run is refused while one writes; an
 * edit made while a run writes is kept and reported; symlinks, modes, owners and hard links survive; read-only files
 * are reported, not rewritten. The runs that are killed or signalled are spawned; the runs after them, whose report and
 * writes are what is read, run in this process (`command` of helpers/cli.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, command, isRoot, tempDir, tree, UNPRIVILEGED } from './helpers/cli.js';

const FIXTURE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'projects', 'wrapper-module');
/** The fixture's four writes: the wrapper and three modules of callers. */
const WRITES = 4;
const HOOK = 'APP_ASSIGNMENT_TEST_PAUSE_AFTER_WRITE';

const FIXABLE = `export async function go(code: string, uid: string) {
  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
}
`;

/** A copy of the fixture project (without its expected output), in a temporary folder. */
function project(): string {
  const dir = tempDir('app-assignment-writes-');
  cpSync(FIXTURE, dir, { recursive: true, filter: (src) => !/[\\/](?:after|expected\.md)$/.test(src) });
  return dir;
}

/** Every file under `dir`, hidden ones included, with its text: what a run left behind. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

const original = snapshot(project());
const uninterrupted = await (async () => {
  const dir = project();
  const run = await command(['migrate'], dir);
  if (run.code !== 0) throw new Error(`the uninterrupted run failed:\n${run.stderr}`);
  return snapshot(dir);
})();

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** Starts `migrate` with the pause hook at write `n`, and resolves once it has paused there. */
async function pausedRun(dir: string, n: number, args: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'migrate', ...args], { cwd: dir, env: { ...process.env, [HOOK]: String(n) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`paused after write ${n} `)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the run ended (exit ${code}) before write ${n}:\n${stderr}`)));
  });
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

describe('a run killed while it writes', () => {
  it('is no test of anything unless the fixture has the writes it names', () => {
    expect(Object.keys(original).filter((file) => original[file] !== uninterrupted[file])).toHaveLength(WRITES);
  });

  const cases = (['SIGKILL', 'SIGINT'] as const).flatMap((signal) => Array.from({ length: WRITES }, (_, i) => [signal, i + 1] as const));

  it.each(cases)('%s after write %i: a plain re-run completes it to the tree of one uninterrupted run', async (signal, n) => {
    const dir = project();
    await kill(await pausedRun(dir, n), signal);
    const split = snapshot(dir);
    expect(split).not.toEqual(uninterrupted);
    const again = await command(['migrate'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('found the journal of an interrupted run and completed it');
    expect(again.stderr).toContain(`${WRITES - n} files written, ${n} already as they should be`);
    expect(snapshot(dir)).toEqual(uninterrupted);
  });

  it.each(cases)('%s after write %i: --rollback gives the original tree back', async (signal, n) => {
    const dir = project();
    await kill(await pausedRun(dir, n), signal);
    const back = await command(['migrate', '--rollback'], dir);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toContain(`rolled it back: ${n} files written, ${WRITES - n} already as they should be`);
    expect(snapshot(dir)).toEqual(original);
    expect((await command(['migrate', '--rollback'], dir)).stdout).toContain('no interrupted run to roll back');
  });

  it('a file changed since the interrupted run planned it is not touched, and named', async () => {
    const dir = project();
    await kill(await pausedRun(dir, 1), 'SIGKILL');
    const pending = Object.keys(uninterrupted).find((file) => readFileSync(join(dir, file), 'utf8') === original[file] && original[file] !== uninterrupted[file])!;
    writeFileSync(join(dir, pending), `${original[pending]}// edited meanwhile\n`);
    const again = await command(['migrate'], dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(new RegExp(`${pending.replaceAll('/', '\\/').replaceAll('.', '\\.')}: changed since the interrupted run`));
    expect(readFileSync(join(dir, pending), 'utf8')).toBe(`${original[pending]}// edited meanwhile\n`);
  });
});

describe('one run at a time', () => {
  it('refuses a second run while one writes, with its pid; takes over the lock of a run that is gone', async () => {
    const dir = project();
    const first = await pausedRun(dir, 1);
    const second = await command(['migrate', '--force'], dir);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`another app-assignment run (pid ${first.pid}`);
    await kill(first, 'SIGKILL');
    const third = await command(['migrate'], dir);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain(`took over the lock of a run that is gone (pid ${first.pid}`);
    expect(snapshot(dir)).toEqual(uninterrupted);
  });
});

describe('an edit made while the run writes', () => {
  it('in project mode holds back the group of the changed file, keeps the edit and names it', async () => {
    const dir = project();
    const run = await pausedRun(dir, 0, ['--json']);
    const edited = Object.keys(original).find((file) => original[file] !== uninterrupted[file])!;
    writeFileSync(join(dir, edited), `${original[edited]}// saved by an editor\n`);
    let stdout = '';
    run.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    run.kill('SIGUSR2');
    expect(await exited).toBe(1);
    const report = JSON.parse(stdout) as { files: { path: string; error?: string }[] };
    expect(report.files.find((f) => f.path === edited)?.error).toContain('changed since the run read it: not written');
    // The fixture is one group (a wrapper with its callers): every other file of it is held back, naming the edited one.
    expect(report.files.filter((f) => f.error?.includes(`its changes go with those of ${edited}`))).toHaveLength(WRITES - 1);
    expect(snapshot(dir)).toEqual({ ...original, [edited]: `${original[edited]}// saved by an editor\n` });
  });

  it('in project mode writes every other group: only the group of the changed file is held back', async () => {
    const dir = project();
    // A second group, independent of the fixture's: another wrapper with its caller.
    const SECOND = {
      'src/second/send.ts': `export async function sendAssign(code: string, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(\`https://api.example.com/platform/v1/apps/\${encodeURIComponent(code)}/assign\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}
`,
      'src/second/use.ts': `import { sendAssign } from './send.js';

export function offerCrm(uid: string): Promise<number> {
  return sendAssign('crm', { business_uid: uid });
}
`,
    };
    for (const [name, text] of Object.entries(SECOND)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    const before = snapshot(dir);
    const run = await pausedRun(dir, 0);
    const edited = Object.keys(original).find((file) => original[file] !== uninterrupted[file])!;
    writeFileSync(join(dir, edited), `${original[edited]}// saved by an editor\n`);
    let stdout = '';
    run.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    run.kill('SIGUSR2');
    expect(await exited).toBe(1);

    const after = snapshot(dir);
    // The second group is written whole.
    expect(after['src/second/send.ts']).toContain('`https://api.example.com/v3/apps/app_assignments`');
    expect(after['src/second/use.ts']).toContain("sendAssign('crm', { assignee_type: 'business', assignee_uid: uid, app_code_name: 'crm' })");
    // The fixture's group is not written at all, and the edit is kept.
    for (const file of Object.keys(original)) {
      expect(after[file]).toBe(file === edited ? `${original[edited]}// saved by an editor\n` : before[file]);
    }
    // The summary names the changed file, and each file held back with it.
    expect(stdout).toContain(`${edited}:1:1 changed since the run read it: not written`);
    const held = Object.keys(original).filter((file) => file !== edited && original[file] !== uninterrupted[file]);
    expect(held).toHaveLength(WRITES - 1);
    for (const file of held) expect(stdout).toContain(`${file}:1:1 not written: its changes go with those of ${edited}`);
    expect(stdout).not.toMatch(/src\/second\/[a-z]+\.ts:1:1/);
    expect(existsSync(join(dir, '.app-assignment', 'journal.json'))).toBe(false);
  });

  it('reading each file alone, holds back that file only', async () => {
    const dir = tree({ 'a.ts': FIXABLE, 'b.ts': FIXABLE });
    const run = await pausedRun(dir, 0, ['--no-project']);
    writeFileSync(join(dir, 'b.ts'), `${FIXABLE}// saved\n`);
    let stdout = '';
    run.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    run.kill('SIGUSR2');
    expect(await exited).toBe(1);
    expect(stdout).toContain('b.ts:1:1 changed since the run read it: not written');
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
    expect(readFileSync(join(dir, 'b.ts'), 'utf8')).toBe(`${FIXABLE}// saved\n`);
  });
});

describe('what a write keeps', () => {
  it('follows a symlink to its target, which is written in place; the link stays a link', async () => {
    const dir = tree({ 'real/a.ts': FIXABLE });
    symlinkSync(join(dir, 'real', 'a.ts'), join(dir, 'link.ts'));
    const run = await command(['migrate', 'link.ts'], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(lstatSync(join(dir, 'link.ts')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('keeps the mode, and a hard link sees the new text', async () => {
    const dir = tree({ 'a.ts': FIXABLE, 'b.ts': FIXABLE });
    chmodSync(join(dir, 'a.ts'), 0o640);
    linkSync(join(dir, 'b.ts'), join(dir, 'b-link.js'));
    expect((await command(['migrate', 'a.ts', 'b.ts'], dir)).code).toBe(0);
    expect(statSync(join(dir, 'a.ts')).mode & 0o777).toBe(0o640);
    expect(readFileSync(join(dir, 'b-link.js'), 'utf8')).toContain('/v3/apps/app_assignments');
    expect(statSync(join(dir, 'b.ts')).nlink).toBe(2);
  });

  it.runIf(isRoot)('keeps the owner of a file that another user owns', async () => {
    const dir = tree({ 'a.ts': FIXABLE });
    chownSync(join(dir, 'a.ts'), UNPRIVILEGED, UNPRIVILEGED);
    expect((await command(['migrate'], dir)).code).toBe(0);
    const stat = statSync(join(dir, 'a.ts'));
    expect([stat.uid, stat.gid]).toEqual([UNPRIVILEGED, UNPRIVILEGED]);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('reports a read-only file and does not rewrite it', async () => {
    const dir = tree({ 'a.ts': FIXABLE, 'b.ts': FIXABLE });
    chmodSync(join(dir, 'b.ts'), 0o444);
    const run = await command(['migrate', '--no-project'], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('b.ts:1:1 read-only file: not rewritten');
    expect(readFileSync(join(dir, 'b.ts'), 'utf8')).toBe(FIXABLE);
    expect(readFileSync(join(dir, 'a.ts'), 'utf8')).toContain('/v3/apps/app_assignments');
  });

  it('removes the temporary files a killed run left, and leaves no state behind', async () => {
    const dir = project();
    await kill(await pausedRun(dir, 1), 'SIGKILL');
    expect(Object.keys(snapshot(dir)).filter((file) => file.includes('.app-assignment-tmp-'))).toHaveLength(WRITES - 1);
    const again = await command(['migrate'], dir);
    expect(again.stderr).toContain(`${WRITES - 1} temporary files removed`);
    expect(Object.keys(snapshot(dir)).filter((file) => file.includes('app-assignment'))).toEqual([]);
  });
});
