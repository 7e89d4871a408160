/**
 * `declaresOwnOnly`: a module that spells another module's export names without using that module's declarations
 * (each package of a monorepo with its own `AssignBody`), told from one that may use them by a path no name shows.
 */
import { declaresOwnOnly } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import { describe, expect, it } from 'vitest';

const NAMES = ['AssignBody', 'assignApp'];
const check = (text: string, importsOwn?: (source: string, name: string) => boolean) =>
  declaresOwnOnly(parseSource(text, 'a.ts').program, text, NAMES, importsOwn);

describe('declaresOwnOnly', () => {
  it.each([
    ['its own declarations', 'export interface AssignBody { business_uid?: string }\nexport function assignApp(b: AssignBody) { return b; }\n'],
    ['its own const, used', 'export const assignApp = (x: string) => x;\nassignApp("a");\n'],
    ['a name it does not spell at all', 'export const other = 1;\n'],
    ['a member of the same name on its own object', 'export const assignApp = 1;\nconst o = { assignApp: 2 };\nexport const v = o["assignApp"];\n'],
  ])('true: %s', (_name, text) => {
    expect(check(text)).toBe(true);
  });

  it('true: imported by name from a module that declares its own (the front end says so)', () => {
    const text = "import { assignApp } from './platform.js';\nassignApp('a');\n";
    expect(check(text, (source, name) => source === './platform.js' && name === 'assignApp')).toBe(true);
    expect(check(text, () => false)).toBe(false);
  });

  it.each([
    ['a name used but not declared here', "assignApp('a');\n"],
    ['a namespace member', "import * as p from './platform.js';\nexport const assignApp = 1;\np.assignApp('a');\n"],
    ['a qualified type', "import type * as p from './platform.js';\nexport interface AssignBody { x: p.AssignBody }\n"],
    ['an import() type', "export type AssignBody = import('./platform.js').AssignBody;\n"],
    ['a JSDoc import() type', "/** @param {import('./platform.js').AssignBody} b */\nexport function assignApp(b) { return b; }\n"],
    ['a destructured dynamic import in a function', "export const assignApp = 1;\nexport async function f() { const { assignApp } = await import('./platform.js'); return assignApp; }\n"],
    ['a re-export of the name', "export const assignApp = 1;\nexport { AssignBody } from './platform.js';\ntype AssignBody = 1;\n"],
    ['export *', "export const assignApp = 1;\nexport * from './platform.js';\n"],
    ['a default import under the name', "import assignApp from './platform.js';\nassignApp('a');\n"],
  ])('false: %s', (_name, text) => {
    expect(check(text, () => true)).toBe(false);
  });
});
