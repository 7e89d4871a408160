/**
 * The plugin as a user installs it: the packed tarball in an empty project outside the workspace, with eslint and
 * typescript-eslint from the registry and a plain eslint.config.js. Catches a missing `files` entry, wrong `exports`
 * and dependencies declared as dev only. One file per rule, each config used as a user would: `recommendedTypeChecked`
 * with a tsconfig and the project service, `directory-token` for one folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPacked } from '../../../scripts/lib/pack.mjs';

const FILES: Record<string, string> = {
  'assign.ts': `export async function go(code: string, uid: string): Promise<void> {\n  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ directory_uid: uid }) });\n}\n`,
  'report.ts':
    `export async function find(base: string, key: string, email: string): Promise<unknown> {\n` +
    `  const response = await fetch(\`\${base}/v1/partners/reports/business?email=\${email}\`, { headers: { Authorization: \`Bearer \${key}\` } });\n` +
    `  return response.json();\n}\n`,
  'field.ts': `export function balanceOf(record: Record<string, number>): number | undefined {\n  return record['sms_balance:'];\n}\n`,
  'numeric.ts':
    `export async function assign(appId: number, uid: string): Promise<void> {\n` +
    `  await fetch('/v3/apps/app_assignments', { method: 'POST', body: JSON.stringify({ assignee_type: 'business', assignee_uid: uid, app_code_name: appId }) });\n}\n`,
  'directory/offer.ts': `export async function offer(code: string, uid: string): Promise<void> {\n  await fetch(\`/platform/v1/apps/\${code}/assign\`, { method: 'POST', body: JSON.stringify({ business_uid: uid }) });\n}\n`,
};

describe('the packed plugin', () => {
  it('installs from its tarball and lints one file per rule with a plain eslint.config.js', () => {
    const dir = installPacked(['core', 'eslint-plugin'], ['eslint@^10.15.0', 'typescript-eslint@~8.72.0', 'typescript@~6.0.3']);
    writeFileSync(
      join(dir, 'eslint.config.js'),
      `import appAssignment from 'eslint-plugin-app-assignment';\nimport tseslint from 'typescript-eslint';\n\n` +
        `export default [\n  ...tseslint.configs.recommended,\n  appAssignment.configs.recommendedTypeChecked,\n` +
        `  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },\n` +
        `  { files: ['directory/**'], ...appAssignment.configs['directory-token'] },\n];\n`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', lib: ['ES2023', 'DOM'], noEmit: true }, include: ['*.ts', 'directory/*.ts'] }),
    );
    mkdirSync(join(dir, 'directory'));
    for (const [file, text] of Object.entries(FILES)) writeFileSync(join(dir, file), text);
    const eslint = spawnSync(process.execPath, [join(dir, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--format', 'json', ...Object.keys(FILES)], { cwd: dir, encoding: 'utf8' });
    expect(eslint.status, eslint.stderr).toBe(1);
    const results = JSON.parse(eslint.stdout) as { filePath: string; messages: { ruleId: string; line: number; fix?: unknown; suggestions?: unknown[] }[] }[];
    const found = results.flatMap((result) =>
      result.messages.map((m) => [result.filePath.slice(dir.length + 1), m.ruleId, m.line, m.fix !== undefined, m.suggestions?.length ?? 0]),
    );
    // ESLint lists files in path order; at one position, rules report in no set order.
    found.sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[2]) - Number(b[2]) || String(a[1]).localeCompare(String(b[1])));
    expect(found).toEqual([
      ['assign.ts', 'app-assignment/no-deprecated-assign', 2, false, 1],
      ['directory/offer.ts', 'app-assignment/directory-token-assign', 2, false, 0],
      ['directory/offer.ts', 'app-assignment/no-deprecated-assign', 2, false, 1],
      ['field.ts', 'app-assignment/no-malformed-report-field', 2, false, 1],
      ['numeric.ts', 'app-assignment/no-numeric-app-id', 2, false, 0],
      ['report.ts', 'app-assignment/valid-report-query', 2, false, 2],
      ['report.ts', 'app-assignment/valid-report-query', 2, true, 0],
    ]);
  });
});
