/**
 * The CI ratchet of docs/ci.md, with ESLint's own bulk suppressions, run as a CI job runs it: the real `eslint`
 * binary on a copy of the sample app. The calls there today are suppressed; a new deprecated call fails the lint
 * (and only it is reported); once an old call is migrated, `--prune-suppressions` drops its entry.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySampleApp } from '../../../scripts/lib/proof.mjs';
import { CLI } from './helpers/cli.js';

const RULE = 'app-assignment/no-deprecated-assign';
type Suppressions = Record<string, Record<string, { count: number }>>;
type LintResult = { filePath: string; messages: { ruleId: string | null; line: number; column: number }[] }[];

const NEW_CALL = `export async function assignAgain(code: string, uid: string): Promise<number> {
  const response = await fetch(\`https://platform.example.com/platform/v1/apps/\${code}/assign\`, {
    method: 'POST',
    body: JSON.stringify({ business_uid: uid }),
  });
  return response.status;
}
`;

describe('a CI ratchet with ESLint bulk suppressions', () => {
  it('blocks new deprecated calls, not the old ones, and prunes what was migrated', () => {
    const app = copySampleApp('ratchet');
    const eslintBin = join(app, 'node_modules', 'eslint', 'bin', 'eslint.js');
    const eslint = (...args: string[]) => spawnSync(process.execPath, [eslintBin, 'src', ...args], { cwd: app, encoding: 'utf8' });
    const suppressions = () => JSON.parse(readFileSync(join(app, 'eslint-suppressions.json'), 'utf8')) as Suppressions;

    // Before: the lint fails on every old call.
    const before = eslint('--format', 'json');
    expect(before.status).toBe(1);
    const old = (JSON.parse(before.stdout) as LintResult).flatMap((r) => r.messages.filter((m) => m.ruleId === RULE));
    expect(old.length).toBeGreaterThan(0);

    // Suppress them all: the lint passes, and the file counts them per file and rule.
    const suppress = eslint('--suppress-all');
    expect(suppress.status, suppress.stdout + suppress.stderr).toBe(0);
    const counted = Object.values(suppressions()).reduce((n, rules) => n + (rules[RULE]?.count ?? 0), 0);
    expect(counted).toBe(old.length);
    expect(eslint().status).toBe(0);

    // A new deprecated call fails the lint, and it is the only problem reported.
    writeFileSync(join(app, 'src/assign/new-call.ts'), NEW_CALL);
    const withNew = eslint('--format', 'json');
    expect(withNew.status).toBe(1);
    const reported = (JSON.parse(withNew.stdout) as LintResult).flatMap((r) => r.messages.map((m) => ({ file: r.filePath.slice(app.length + 1), ruleId: m.ruleId, line: m.line, column: m.column })));
    expect(reported).toEqual([{ file: 'src/assign/new-call.ts', ruleId: RULE, line: 2, column: 26 }]);
    rmSync(join(app, 'src/assign/new-call.ts'));

    // Migrate one old call with the codemod: its suppression is now unused, ESLint says so,
    // and --prune-suppressions removes exactly that entry.
    const migrate = spawnSync(process.execPath, [CLI, 'migrate', 'src/assign/got.ts', '--force', '--no-project'], { cwd: app, encoding: 'utf8' });
    expect(migrate.stdout).toContain('1 calls migrated');
    expect(suppressions()['src/assign/got.ts']?.[RULE]?.count).toBe(1);
    const unused = eslint();
    expect(unused.status).toBe(2);
    expect(unused.stderr).toContain('--prune-suppressions');
    const prune = eslint('--prune-suppressions');
    expect(prune.status, prune.stdout + prune.stderr).toBe(0);
    const after = suppressions();
    expect(after['src/assign/got.ts']).toBeUndefined();
    expect(Object.values(after).reduce((n, rules) => n + (rules[RULE]?.count ?? 0), 0)).toBe(old.length - 1);
    expect(eslint().status).toBe(0);
  });
});
