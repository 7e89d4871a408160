/**
 * The codemod as a user installs it: the packed tarball in an empty project outside the workspace, run with
 * `npx app-assignment`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPacked, run } from '../../../scripts/lib/pack.mjs';

describe('the packed codemod', () => {
  it('installs from its tarball and migrates a file with npx app-assignment', () => {
    const dir = installPacked(['core', 'project', 'codemod'], []);
    writeFileSync(
      join(dir, 'assign.ts'),
      `await fetch('/platform/v1/apps/crm/assign', { method: 'POST', body: JSON.stringify({ business_uid: 'b1' }) });\n`,
    );
    // scan needs its SARIF library at run time: installed with the package, not found in the workspace.
    const sarif = JSON.parse(run('npx', ['--no-install', 'app-assignment', 'scan', 'assign.ts', '--format', 'sarif'], dir).stdout) as {
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(['app-assignment/no-deprecated-assign']);
    const result = run('npx', ['--no-install', 'app-assignment', 'migrate', 'assign.ts'], dir);
    expect(result.stdout).toContain('1 calls migrated');
    expect(readFileSync(join(dir, 'assign.ts'), 'utf8')).toBe(
      `await fetch('/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: 'b1', app_code_name: 'crm' }) });\n`,
    );
    expect(run('npx', ['--no-install', 'app-assignment', '--version'], dir).stdout.trim()).toBe('0.1.0');
  });
});
