/**
 * Uses of a URL builder that the program's names do not show, and that keep its call from being replaced by the v3 path
 * for one call (url.ts `builderCallEdit`): a test that replaces the builder's module by its path (`vi.mock(path,
 * factory)`), and a test or a mock that builds its own route with the same builder (`http.post(routes.assign(':code'))`),
 * which goes on building the deprecated route while the call moves. A builder that only its own module can call has
 * neither; one that others may call is looked for in every file of the program, and read file by file it is held.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { SourceContext } from '../facts/context.js';
import { builderDeclaration } from '../recognize/follow.js';
import { someNode, unwrapTS } from '../facts/syntax.js';
import { lineAt } from '../facts/text-facts.js';

/** `vi.mock(`, `jest.mock(`, `vi.doMock(`, `jest.unstable_mockModule(`: a module replaced by its path. */
const MODULE_MOCK = /\b(?:vi|jest)\s*\.\s*(?:mock|doMock|unstable_mockModule)\s*\(/;

/** A test or mock file by its path: a `test/` or `mocks/` folder, or a `.test.ts` / `.spec.ts` name. */
const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|__mocks__|mocks?|specs?|e2e)\/|\.(?:test|spec|e2e)\.[cm]?[jt]sx?$/i;

/** A test or mock file by what it imports: a test runner or a library that mocks requests. */
const TEST_IMPORT = /\bfrom\s*['"](?:vitest|@jest\/globals|msw(?:\/[\w-]+)?|nock|fetch-mock|axios-mock-adapter|jest-fetch-mock|vitest-fetch-mock)['"]|\brequire\(\s*['"](?:msw(?:\/[\w-]+)?|nock|fetch-mock|axios-mock-adapter)['"]\s*\)/;

/**
 * Why the call of a builder may not be replaced by the v3 path even though its name always holds it, in words a TODO
 * carries (`vi.mock('../src/routes.js') in test/apps.test.ts:3 replaces its module`); undefined when nothing is found.
 */
export function builderUsedUnseen(call: TSESTree.CallExpression, ctx: SourceContext): string | undefined {
  const declared = builderDeclaration(call.callee, ctx);
  if (declared === undefined || !declared.exported) return undefined;
  const named = declared.member === undefined ? declared.name : `${declared.name}.${declared.member}`;
  const project = ctx.project;
  if (project?.filesMatching === undefined) {
    return `${named} is exported: read file by file, a test that mocks its module or builds a mock's route with it cannot be seen`;
  }
  for (const file of project.filesMatching(MODULE_MOCK)) {
    let found: string | undefined;
    someNode(file.program, (node) => {
      if (node.type !== 'CallExpression' || !isModuleMock(node.callee)) return false;
      // `vi.mock(import('../src/routes.js'), factory)`: vitest's typed form names the module by an import.
      const first = unwrapTS(node.arguments[0] ?? node);
      const spec = first.type === 'ImportExpression' ? unwrapTS(first.source) : first;
      if (spec.type !== 'Literal' || typeof spec.value !== 'string') return false;
      if (!mocksModule(spec.value, declared, file.ctx)) return false;
      found = `${file.ctx.text.slice(node.callee.range[0], first.range[1])}) in ${where(node, file.ctx)} replaces the module of ${named}`;
      return true;
    });
    if (found !== undefined) return found;
  }
  const spelled = new RegExp(`(?<![\\w$])${declared.name.replace(/\$/g, '\\$')}(?![\\w$])`);
  for (const file of project.filesMatching(spelled)) {
    if (file.ctx === declared.ctx || !isTestModule(file.ctx)) continue;
    let use: TSESTree.Node | undefined;
    someNode(file.program, (node) => {
      if (node.type !== 'Identifier' || node.name !== declared.name || !isUse(node, declared.member)) return false;
      // The call's own use of the builder is not another one.
      if (file.ctx.text === ctx.text && node.range[0] >= call.range[0] && node.range[1] <= call.range[1]) return false;
      use = node;
      return true;
    });
    if (use !== undefined) return `${where(use, file.ctx)} (a test or a mock) uses ${named} too, which would go on building the deprecated route`;
  }
  return undefined;
}

/**
 * Whether a module mock's path names the builder's module: resolved as an import is, or, a path from the root
 * (`vi.mock('/src/routes.ts')`, which vitest resolves against the project's root, not the file system's), matched by the
 * end of the module's path, extensions aside.
 */
function mocksModule(path: string, declared: { name: string; ctx: SourceContext }, at: SourceContext): boolean {
  const target = at.project?.resolveImport(path, declared.name, at);
  if (target !== undefined) return target.ctx.file !== undefined && target.ctx.file === declared.ctx.file;
  if (!path.startsWith('/') || declared.ctx.file === undefined) return false;
  const bare = (p: string) => p.replace(/\\/g, '/').replace(/\.(?:[cm]?[jt]sx?)$/, '').replace(/\/index$/, '');
  const wanted = bare(path);
  return wanted.length > 1 && `/${bare(declared.ctx.file)}`.endsWith(wanted);
}

function isModuleMock(callee: TSESTree.Node): boolean {
  const expr = unwrapTS(callee);
  return expr.type === 'MemberExpression' && !expr.computed && expr.object.type === 'Identifier' && /^(?:vi|jest)$/.test(expr.object.name) &&
    expr.property.type === 'Identifier' && /^(?:mock|doMock|unstable_mockModule)$/.test(expr.property.name);
}

/** A test or mock module: by its path (`test/`, `*.test.ts`, `__mocks__/`) or a test library it imports. */
export function isTestModule(ctx: Pick<SourceContext, 'file' | 'text'>): boolean {
  return (ctx.file !== undefined && TEST_PATH.test(ctx.file)) || TEST_IMPORT.test(ctx.text);
}

/**
 * A use of the builder's name that reaches the builder: for a member builder, that member read (`routes.assign`,
 * also through a namespace, `api.routes.assign`); for a plain one, the name anywhere but an import or export of it.
 */
function isUse(id: TSESTree.Identifier, member: string | undefined): boolean {
  const parent = id.parent;
  if (parent?.type === 'ImportSpecifier' || parent?.type === 'ExportSpecifier' || parent?.type === 'ImportDefaultSpecifier') return false;
  if (parent?.type === 'Property' && parent.key === id && !parent.shorthand) return false;
  if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) {
    // `api.assignPath`, `api.routes.assign`: taken from a namespace (or anything named alike), read as the name itself.
    return member === undefined || isMemberRead(parent, member);
  }
  return member === undefined || isMemberRead(id, member);
}

function isMemberRead(object: TSESTree.Node, member: string): boolean {
  const parent = object.parent;
  return parent?.type === 'MemberExpression' && parent.object === object &&
    (parent.computed ? parent.property.type === 'Literal' && parent.property.value === member
      : parent.property.type === 'Identifier' && parent.property.name === member);
}

const where = (node: TSESTree.Node, ctx: SourceContext): string =>
  ctx.file === undefined ? `line ${lineAt(ctx.text, node.range[0])}` : `${ctx.file}:${lineAt(ctx.text, node.range[0])}`;
