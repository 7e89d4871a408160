/**
 * With type information, a wrapper of a package others can install (the package.json `npm init -y` writes: not
 * private, with `main`) is held back with the reason that names package.json, as `app-assignment scan` says it;
 * marked private, the wrapper and its caller are an exact rewrite.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describeReasons, ReasonCode } from '@app-assignment/core';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from 'eslint-plugin-app-assignment';

const RULE = 'app-assignment/no-deprecated-assign';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function project(pkg: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'app-assignment-installable-'));
  dirs.push(dir);
  const files: Record<string, string> = {
    'package.json': JSON.stringify(pkg),
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', target: 'ES2022', lib: ['ES2023', 'DOM'] }, include: ['src'] }),
    'src/api.ts':
      'export function assignApp(code: string, body: unknown): Promise<Response> {\n' +
      "  return fetch(`/platform/v1/apps/${code}/assign`, { method: 'POST', body: JSON.stringify(body) });\n}\n",
    'src/main.ts': "import { assignApp } from './api.js';\nawait assignApp('crm', { business_uid: 'b1' });\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

async function messagesOf(dir: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [plugin.configs.recommendedTypeChecked, { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: dir } } }],
  });
  const results = await eslint.lintFiles(['src/api.ts']);
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => m.message));
}

describe('a wrapper in an installable package, linted with type information', () => {
  const NPM_INIT = { name: 'my-app', version: '1.0.0', main: 'index.js', license: 'ISC', type: 'module' };

  it('names package.json as the reason; private, it is an exact rewrite', async () => {
    const reason = describeReasons([{ code: ReasonCode.wrapperPackageInstallable }]);
    expect(reason).toContain('package.json');
    const held = await messagesOf(project(NPM_INIT));
    expect(held).toHaveLength(1);
    expect(held[0]).toContain(reason);
    const exact = await messagesOf(project({ ...NPM_INIT, private: true }));
    expect(exact).toHaveLength(1);
    expect(exact[0]).not.toContain('package.json');
  });
});
