/**
 * The plugin as a user installs it: the packed tarball in an empty project outside the workspace, with eslint and
 * typescript-eslint from the registry and a plain eslint.config.js. Catches a missing `files` entry, wrong `exports`
 * and dependencies declared as dev only.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPacked } from '../../../scripts/lib/pack.mjs';

describe('the packed plugin', () => {
  it('installs from its tarball and lints a file with a plain eslint.config.js', () => {
    const dir = installPacked(['core', 'eslint-plugin'], ['eslint@^10.15.0', 'typescript-eslint@~8.72.0', 'typescript@~6.0.3']);
    writeFileSync(
      join(dir, 'eslint.config.js'),
      `import appAssignment from 'eslint-plugin-app-assignment';\nimport tseslint from 'typescript-eslint';\n\nexport default [...tseslint.configs.recommended, appAssignment.configs.recommended];\n`,
    );
    writeFileSync(
      join(dir, 'assign.ts'),
      `export async function go(code: string, uid: string): Promise<void> {\n  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: uid }) });\n}\n`,
    );
    const eslint = spawnSync(process.execPath, [join(dir, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', 'assign.ts'], { cwd: dir, encoding: 'utf8' });
    expect(eslint.status, eslint.stderr).toBe(1);
    const [result] = JSON.parse(eslint.stdout) as { messages: { ruleId: string; line: number; suggestions?: unknown[] }[] }[];
    expect(result!.messages.map((m) => [m.ruleId, m.line, m.suggestions?.length])).toEqual([['app-assignment/no-deprecated-assign', 2, 1]]);
  });
});
