/**
 * What a review of the everyday shapes (client setup, typed wrappers, client fields, type arguments) found when it
 * tried to make a rewrite wrong; each case failed before its fix.
 *
 * - A function at the top of a classic script (no import or export) is global: a caller in another script is unseen,
 *   so its group is held back, by name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tree } from './helpers/cli.js';

const SCRIPT_WRAPPER = `// Loaded with a <script> tag: assignApp is a global function the other scripts call.
function assignApp(code, body) {
  return fetch('https://api.example.com/platform/v1/apps/' + code + '/assign', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function assignMainDirectory() {
  return assignApp('crm', { directory_uid: 'dir_main' });
}
`;
const SCRIPT_CALLER = "// Loaded after assign.js.\nfunction onAssignClick(uid) {\n  return assignApp('crm', { business_uid: uid });\n}\n";

interface Report {
  totals: { migrated: number; todos: number; changed: number };
  files: { path: string; sites: { line: number; migrated: boolean; reasons: { code: string }[] }[] }[];
}

describe('a review of the everyday shapes', () => {
  it.each([
    ['project mode', ['migrate', '.', '--json', '--force']],
    ['per file', ['migrate', '.', '--json', '--force', '--no-project']],
  ])('a wrapper at the top of a classic script is global: held back with its callers, by name (%s)', (_mode, args) => {
    for (const ext of ['js', 'ts']) {
      const dir = tree({
        [ext === 'js' ? 'jsconfig.json' : 'tsconfig.json']: '{ "compilerOptions": { "checkJs": true, "lib": ["dom", "es2020"] }, "include": ["src"] }\n',
        [`src/assign.${ext}`]: ext === 'js' ? SCRIPT_WRAPPER : SCRIPT_WRAPPER.replace('(code, body)', '(code: string, body: object)'),
        [`src/page.${ext}`]: ext === 'js' ? SCRIPT_CALLER : SCRIPT_CALLER.replace('(uid)', '(uid: string)'),
      });
      const run = cli(args, dir);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as Report;
      expect(report.totals.migrated).toBe(0);
      const codes = report.files.flatMap((file) => file.sites.flatMap((site) => site.reasons.map((reason) => reason.code)));
      expect(codes).toContain('wrapper-script-global');
      const wrapper = readFileSync(join(dir, `src/assign.${ext}`), 'utf8');
      expect(wrapper).toContain('/platform/v1/apps/');
      expect(wrapper).toContain('is global, so other scripts of the page may call it');
      expect(readFileSync(join(dir, `src/page.${ext}`), 'utf8')).toContain("{ business_uid: uid }");
    }
  });

  it('a module (an import, an export, or CommonJS) keeps its functions to itself: the wrapper migrates with its caller', () => {
    for (const marker of ["export {};\n", "const { log } = require('node:console');\n"]) {
      const dir = tree({ 'src/assign.js': marker + SCRIPT_WRAPPER });
      const report = JSON.parse(cli(['migrate', '.', '--json', '--force', '--no-project'], dir).stdout) as Report;
      expect(report.totals.todos, marker).toBe(0);
      expect(readFileSync(join(dir, 'src/assign.js'), 'utf8')).toContain("assignApp('crm', { assignee_type: 'directory', assignee_uid: 'dir_main', app_code_name: 'crm' })");
    }
  });
});
