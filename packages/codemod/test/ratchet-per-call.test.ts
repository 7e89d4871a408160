/**
 * `app-assignment ratchet`: a ratchet call by call. ESLint's bulk suppressions count violations per file, so one call
 * migrated and one added in the same file cancel out and the lint passes (eslint/eslint#21226); the ratchet compares
 * each call's fingerprint with a baseline and fails on the new one. Code moving around a call does not make it new.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copySampleApp } from '../../../scripts/lib/proof.mjs';
import { compare, DEFAULT_BASELINE, type Baseline } from '../src/ratchet.js';
import { CLI, command, tree } from './helpers/cli.js';

const NEW_CALL = `
export async function assignAgain(code: string, uid: string): Promise<number> {
  const response = await fetch(\`https://platform.example.com/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });
  return response.status;
}
`;
const CALL = (uid: string) => `await fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: '${uid}' }) });\n`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const keep = (dir: string) => (dirs.push(dir), dir);

describe('the ratchet per call', () => {
  it('fails on a call added in a file where another was migrated, which ESLint\'s counts let through', async () => {
    const app = keep(copySampleApp('ratchet-per-call'));
    const eslint = (...args: string[]) =>
      spawnSync(process.execPath, [join(app, 'node_modules', 'eslint', 'bin', 'eslint.js'), 'src', ...args], { cwd: app, encoding: 'utf8' });
    expect(eslint('--suppress-all').status).toBe(0);
    const update = await command(['ratchet', 'src', '--update'], app);
    expect(update.code, update.stderr).toBe(0);
    const baseline = JSON.parse(readFileSync(join(app, DEFAULT_BASELINE), 'utf8')) as Baseline;
    expect(baseline.paths).toEqual(['src']);
    expect(baseline.calls.filter((c) => c.path === 'src/assign/got.ts')).toHaveLength(1);
    expect((await command(['ratchet'], app)).code).toBe(0);

    // Migrate got.ts's one call and add a new one to the same file. Read alone: in project mode the call goes with the
    // test that mocks it, which a run over got.ts alone does not write.
    const migrate = spawnSync(process.execPath, [CLI, 'migrate', 'src/assign/got.ts', '--force', '--no-project'], { cwd: app, encoding: 'utf8' });
    expect(migrate.stdout).toContain('1 calls migrated');
    appendFileSync(join(app, 'src/assign/got.ts'), NEW_CALL);

    // ESLint: one suppressed violation in got.ts before, one now: it passes, the new call unseen.
    const lint = eslint();
    expect(lint.status, lint.stdout).toBe(0);
    // The ratchet names the new call; gone are the migrated one and main.ts's call of it (rollOutInternal wraps it).
    const check = await command(['ratchet'], app);
    expect(check.code).toBe(1);
    // What migrate would do with it: the handler of test/got.test.ts, which stands for it, reads the directory of the
    // old body and cannot follow a call that sends a business, so the call stays on the old route with it.
    expect(check.stdout).toMatch(/New deprecated calls[^\n]*\n {2}src\/assign\/got\.ts:14:26 {2}kept on the deprecated route because its test's handler in test\/got\.test\.ts, in the test "sends the app, the directory and the internal mode", which reads directory_uid /);
    expect(check.stdout).toContain('1 new, 2 gone');
    expect(check.stdout).toMatch(/gone[^\n]*\n {2}src\/assign\/got\.ts \(line 5 when the baseline was written\)\n {2}src\/main\.ts \(line 15 /);
  });

  it('passes when code moves above a call, and writes no source file', async () => {
    const dir = keep(tree({ 'a.js': CALL('b1'), 'b.js': `${CALL('b2')}${CALL('b2')}` }));
    expect((await command(['ratchet', '--update'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'a.js'), `// a comment\n\nconst x = 1;\n${CALL('b1')}`);
    const check = await command(['ratchet'], dir);
    expect(check.code, check.stdout).toBe(0);
    expect(check.stdout).toContain('3 deprecated calls, 3 in the baseline: 0 new, 0 gone.');
    expect(readFileSync(join(dir, 'b.js'), 'utf8')).toBe(`${CALL('b2')}${CALL('b2')}`);
  });

  it('tells two calls with the same text apart: a third is new', async () => {
    const dir = keep(tree({ 'b.js': `${CALL('b2')}${CALL('b2')}` }));
    expect((await command(['ratchet', '--update'], dir)).code).toBe(0);
    appendFileSync(join(dir, 'b.js'), CALL('b2'));
    const check = await command(['ratchet'], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('1 new, 0 gone');
  });

  it('fails when a call of the baseline is gone until the baseline is written again, or with --pass-on-gone', async () => {
    const dir = keep(tree({ 'a.js': CALL('b1'), 'b.js': CALL('b2') }));
    expect((await command(['ratchet', '--update'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'b.js'), '');
    const check = await command(['ratchet'], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('write the baseline again (app-assignment ratchet --update)');
    expect((await command(['ratchet', '--pass-on-gone'], dir)).code).toBe(0);
    expect((await command(['ratchet', '--update'], dir)).code).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, DEFAULT_BASELINE), 'utf8')) as Baseline).calls.map((c) => c.path)).toEqual(['a.js']);
    expect((await command(['ratchet'], dir)).code).toBe(0);
  });

  it('fails when a file does not parse, since its calls cannot be compared; will not write a baseline without them', async () => {
    const dir = keep(tree({ 'a.js': CALL('b1') }));
    expect((await command(['ratchet', '--update'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'broken.js'), `${CALL('b3')}const = ;\n`);
    const check = await command(['ratchet'], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('could not be parsed');
    const update = await command(['ratchet', '--update'], dir);
    expect(update.code).toBe(1);
    expect(update.stderr).toContain('the baseline was not written');
  });

  it('says what to do without a baseline, with a bad one, and on a bad option', async () => {
    const dir = keep(tree({ 'a.js': CALL('b1') }));
    const none = await command(['ratchet'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no baseline at app-assignment-baseline.json: write it once on the main branch with app-assignment ratchet . --update');
    writeFileSync(join(dir, 'old.json'), '{"calls": []}');
    expect((await command(['ratchet', '--baseline', 'old.json'], dir)).stderr).toContain('is not a baseline of this version');
    expect((await command(['ratchet', '--update', '--pass-on-gone'], dir)).code).toBe(2);
    expect((await command(['ratchet', '--help'], dir)).stdout).toContain('--pass-on-gone');
    expect((await command(['--help'], dir)).stdout).toContain('app-assignment ratchet [paths...]');
  });

  it('compares by fingerprint only: the line a call had is for people', () => {
    const call = (fingerprint: string, line: number) => ({ path: 'a.ts', line, column: 1, fingerprint });
    expect(compare([call('x:1', 3), call('y:1', 9)], [call('x:1', 30), call('z:1', 9)])).toEqual({
      added: [call('z:1', 9)],
      gone: [call('y:1', 9)],
    });
  });
});
