/**
 * A route builder that is a class whose method composes another (`this.routes.assign(code)`, `assign(c)` returning
 * `${this.app(c)}/assign` and `app(c)` returning `${this.base}/platform/v1/apps/${c}`), run as a user runs it: in
 * project mode the call's URL becomes the v3 URL with the builder's base read in the caller's terms
 * (`${this.routes.base}/v3/apps/app_assignments`), and the program assigns the same through v3 against the contract
 * server; each piece that cannot be read from the call, or that other code may replace, keeps the TODO naming it; read
 * file by file, the call keeps the TODO every shared builder has.
 */
import { start, type ContractServer } from '@app-assignment/contract-server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentsOf, meaning } from './helpers/contract-run.js';
import { compiles, migrateIn, projectTrees } from './helpers/project-tree.js';

interface Report {
  files: { path: string; sites: { line: number; outcome: string; reasons: { code: string; key?: string }[] }[] }[];
}

const trees = projectTrees();
let server: ContractServer;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  trees.removeAll();
  await server.close();
});

const sitesOf = (report: Report) => report.files.flatMap((file) => file.sites.map((site) =>
  `${file.path}:${site.line} ${site.outcome}${site.reasons.map((r) => ` ${r.code}${r.key === undefined ? '' : `: ${r.key}`}`).join('')}`));

const ROUTES = `export class Routes {
  constructor(readonly base: string) {}
  app(c: string) {
    return \`\${this.base}/platform/v1/apps/\${c}\`;
  }
  assign(c: string) {
    return \`\${this.app(c)}/assign\`;
  }
  unassign(c: string) {
    return \`\${this.app(c)}/unassign\`;
  }
}
`;

const CLIENT = `import type { AxiosInstance } from 'axios';
import { Routes } from './routes.js';

export class PlatformClient {
  readonly routes: Routes;
  constructor(base: string, readonly http: AxiosInstance) {
    this.routes = new Routes(base);
  }
  assign(code: string, dir: string) {
    return this.http.post(this.routes.assign(code), { directory_uid: dir, pre_installed: 'true' });
  }
  unassign(code: string) {
    return this.http.post(this.routes.unassign(code), {});
  }
}
`;

/** The head of a module that changes a client's routes. */
const PATCH_HEAD = "import type { PlatformClient } from './client.js';\n\n";

const MIGRATED = CLIENT.replace("this.http.post(this.routes.assign(code), { directory_uid: dir, pre_installed: 'true' })",
  "this.http.post(`${this.routes.base}/v3/apps/app_assignments`, { assignee_type: 'directory', assignee_uid: dir, app_code_name: code, settings: { assignment_mode: 'pre_installed' } })");

/** Runs the program's `PlatformClient.assign` against the contract server in its own Node process: what it assigned. */
const assignThrough = (dir: string) => assignmentsOf(dir, ['routes', 'client'], `import axios from 'axios';
import { PlatformClient } from './client.js';
const http = axios.create({ headers: { Authorization: 'Bearer internal-token-7c1e9a4f' } });
const response = await new PlatformClient(process.argv[2], http).assign('harbor-booking', 'dir_harbor');
console.log(response.status);
`, server);

describe('a class route builder whose method composes another, on a field of the client', () => {
  it('project mode: the URL becomes the v3 URL on the builder\'s base, read through the field; it compiles, assigns the same through v3, and a second run changes nothing', async () => {
    const dir = trees.project({ 'src/routes.ts': ROUTES, 'src/client.ts': CLIENT });
    const before = await assignThrough(dir);
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual(['src/client.ts:10 fix']);
    expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toBe(MIGRATED);
    expect(readFileSync(join(dir, 'src/routes.ts'), 'utf8')).toBe(ROUTES);
    compiles(dir);
    const after = await assignThrough(dir);
    expect(before.map((a) => a.via)).toEqual(['v1']);
    expect(after.map((a) => a.via)).toEqual(['v3']);
    expect(after.map(meaning)).toEqual(before.map(meaning));
    await migrateIn<Report>(dir);
    expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toBe(MIGRATED);
  });

  it('one module, the issue\'s shape: migrated in project mode; read file by file it keeps the TODO of a shared builder', async () => {
    const one = `import axios, { type AxiosInstance } from 'axios';

class Routes { constructor(readonly base: string) {} app(c: string) { return \`\${this.base}/platform/v1/apps/\${c}\` } assign(c: string) { return \`\${this.app(c)}/assign\` } }
export class PlatformClient { readonly routes: Routes; constructor(base: string, readonly http: AxiosInstance) { this.routes = new Routes(base) } assign(code: string, dir: string) { return this.http.post(this.routes.assign(code), { directory_uid: dir, pre_installed: 'true' }) } }

export const client = new PlatformClient('https://api.example.com', axios.create());
`;
    const project = trees.project({ 'src/client.ts': one });
    expect(sitesOf(await migrateIn<Report>(project))).toEqual(['src/client.ts:4 fix']);
    expect(readFileSync(join(project, 'src/client.ts'), 'utf8')).toContain("return this.http.post(`${this.routes.base}/v3/apps/app_assignments`, { assignee_type: 'directory', assignee_uid: dir, app_code_name: code, settings: { assignment_mode: 'pre_installed' } }) }");
    const alone = trees.project({ 'src/client.ts': one });
    expect(sitesOf(await migrateIn<Report>(alone, ['.', '--no-project']))).toEqual(['src/client.ts:4 manual url-built-by-function']);
    expect(readFileSync(join(alone, 'src/client.ts'), 'utf8')).toContain('this.http.post(this.routes.assign(code), ');
  });

  it('one module whose helper replaces a method by a computed key, or by Object.assign: held in project mode naming the write, and with the shared builder\'s TODO file by file', async () => {
    const one = (patch: string) => `import axios from 'axios';

class Routes { constructor(readonly base: string) {} app(c: string) { return \`\${this.base}/platform/v1/apps/\${c}\` } assign(c: string) { return \`\${this.app(c)}/assign\` } }
export class PlatformClient { readonly routes: Routes; constructor(base: string) { this.routes = new Routes(base) } assign(code: string, dir: string) { return axios.post(this.routes.assign(code), { directory_uid: dir }) } }

function lowerCaseResult(target: object, name: string) {
  const methods = target as Record<string, (...args: unknown[]) => string>;
  const original = methods[name]!;
  methods[name] = (...args) => original.apply(target, args).toLowerCase();
}

export const client = new PlatformClient('https://api.example.com');
${patch}
`;
    for (const [patch, key] of [
      ["lowerCaseResult(client.routes, 'app');", 'src/client.ts:13 hands the instance (client.routes) to lowerCaseResult(…), which may replace its methods'],
      ['Object.assign(client.routes, { app: (c: string) => `${client.routes.base}/platform/v1/apps/${c.toLowerCase()}` });', "src/client.ts:13 writes a method of that name, which may replace Routes's"],
    ] as const) {
      const project = trees.project({ 'src/client.ts': one(patch) });
      expect(sitesOf(await migrateIn<Report>(project))).toEqual([`src/client.ts:4 manual url-built-by-function: ${key}`]);
      expect(readFileSync(join(project, 'src/client.ts'), 'utf8')).toContain('axios.post(this.routes.assign(code), ');
      const alone = trees.project({ 'src/client.ts': one(patch) });
      expect(sitesOf(await migrateIn<Report>(alone, ['.', '--no-project']))).toEqual(['src/client.ts:4 manual url-built-by-function']);
    }
  });

  // Each piece the call cannot read, or that other code may replace: the call stays, and the reason names it.
  it.each([
    ['the base is private', { 'src/routes.ts': ROUTES.replace('constructor(readonly base', 'constructor(private readonly base') },
      'Routes.base (src/routes.ts:2) is private, and the call cannot read it'],
    ['the base is a #private field', { 'src/routes.ts': ROUTES.replace('constructor(readonly base: string) {}', '#base: string;\n  constructor(base: string) {\n    this.#base = base;\n  }').replace('${this.base}', '${this.#base}') },
      "Routes's #base (src/routes.ts:2) is private, and the call cannot read it"],
    ['the base is assigned again', { 'src/routes.ts': ROUTES.replace('constructor(readonly base: string) {}', 'constructor(public base: string) {}\n  rebase(b: string) {\n    this.base = b;\n  }') },
      'Routes.base (src/routes.ts:2) is not one field set once, so the call may read another value than Routes.assign does'],
    ['a subclass overrides a method used', { 'src/eu.ts': "import { Routes } from './routes.js';\n\nexport class EuRoutes extends Routes {\n  override app(c: string) {\n    return `${this.base}/eu/platform/v1/apps/${c}`;\n  }\n}\n" },
      'Routes is extended (src/eu.ts:3), and a subclass may override assign or app'],
    ['a test spies on the method', { 'test/client.test.ts': "import { vi } from 'vitest';\nimport type { PlatformClient } from '../src/client.js';\n\nexport const spy = (c: PlatformClient) => vi.spyOn(c.routes, 'assign');\n" },
      "test/client.test.ts:4 spies on a method of that name, which may replace Routes's"],
    ['a module writes the prototype', { 'src/patch.ts': "import { Routes } from './routes.js';\n\nRoutes.prototype.app = (c: string) => `/tenant/platform/v1/apps/${c}`;\n" },
      "src/patch.ts:3 writes a method of that name, which may replace Routes's"],
    ['a test replaces the builder\'s module', { 'test/client.test.ts': "import { vi } from 'vitest';\n\nvi.mock('../src/routes.js');\n" },
      "vi.mock('../src/routes.js') in test/client.test.ts:3 replaces the module of Routes"],
    // A method put in place by code that names it only at run time, on the instance, its prototype or the class.
    ['a helper replaces a method by a computed key on the instance it is handed', { 'src/patch.ts': PATCH_HEAD + "export function lowerCaseResult(target: object, name: string) {\n  const methods = target as Record<string, (...args: unknown[]) => string>;\n  const original = methods[name]!;\n  methods[name] = (...args) => original.apply(target, args).toLowerCase();\n}\n\nexport const patch = (client: PlatformClient) => lowerCaseResult(client.routes, 'app');\n" },
      'src/patch.ts:9 hands the instance (client.routes) to lowerCaseResult(…), which may replace its methods'],
    ['a member of the instance written by a computed key', { 'src/patch.ts': PATCH_HEAD + "export const patch = (client: PlatformClient, name: 'app' | 'assign') => {\n  client.routes[name] = (c: string) => `/tenant/platform/v1/apps/${c}`;\n};\n" },
      'src/patch.ts:4 writes a member of the instance (client.routes) by a computed key, which may replace a method'],
    ['Object.assign writes the method on the instance', { 'src/patch.ts': PATCH_HEAD + "export const patch = (client: PlatformClient, base: string) =>\n  Object.assign(client.routes, { app: (c: string) => `${base}/platform/v1/apps/${c.toLowerCase()}` });\n" },
      "src/patch.ts:4 writes a method of that name, which may replace Routes's"],
    ['Object.defineProperty on the instance, by a name known at run time', { 'src/patch.ts': PATCH_HEAD + "export const patch = (client: PlatformClient, name: string, value: unknown) => Object.defineProperty(client.routes, name, { value });\n" },
      'src/patch.ts:3 hands the instance (client.routes) to Object.defineProperty(…), which may replace its methods'],
    ['the prototype reached from the instance', { 'src/patch.ts': PATCH_HEAD + "export const patch = (client: PlatformClient, name: string, value: unknown) => {\n  (Object.getPrototypeOf(client.routes) as Record<string, unknown>)[name] = value;\n};\n" },
      'src/patch.ts:4 hands the instance (client.routes) to Object.getPrototypeOf(…), which may replace its methods'],
    ['the class handed to a function', { 'src/patch.ts': "import { Routes } from './routes.js';\n\nexport const wrapMethods = (cls: { prototype: object }) => Object.getOwnPropertyNames(cls.prototype);\nwrapMethods(Routes);\n" },
      'src/patch.ts:4 hands Routes itself on (Routes), and code may replace its methods'],
  ])('%s: the call keeps its TODO, naming it', async (_name, files, key) => {
    const dir = trees.project({ 'src/routes.ts': ROUTES, 'src/client.ts': CLIENT, ...files },
      JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, lib: ['es2022', 'dom'], skipLibCheck: true }, include: ['src', 'test'] }));
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([`src/client.ts:10 manual url-built-by-function: ${key}`]);
    expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toBe(CLIENT.replace('    return this.http.post(this.routes.assign(code),',
      `    // TODO(app-assignment): the URL is built by a function that other code may call too (${key}); make that function build /v3/apps/app_assignments for this call, or migrate by hand\n    return this.http.post(this.routes.assign(code),`));
  });
});

/** A client that keeps what `make` makes in its `routes` field and posts to the URL `url` builds. */
const clientOf = ({ make = 'new Routes(base)', url = 'this.routes.assign(code)', imports = "import { Routes } from './routes.js';", field = 'Routes', extra = '' } = {}) =>
  `import axios from 'axios';
${imports}

export class PlatformClient {
  readonly routes: ${field};${extra === '' ? '' : '\n  private readonly assignUrl: (code: string) => string;'}
  constructor(base: string) {
    this.routes = ${make};${extra}
  }
  assign(code: string, dir: string) {
    return axios.post(${url}, { directory_uid: dir });
  }
}
`;

describe('a class route builder the exact reading does not follow: reported with what stops it, never silent', () => {
  it.each([
    ['an arrow function kept in a field',
      { 'src/routes.ts': 'export class Routes {\n  constructor(readonly base: string) {}\n  app = (c: string) => `${this.base}/platform/v1/apps/${c}`;\n  assign = (c: string) => `${this.app(c)}/assign`;\n}\n', 'src/client.ts': clientOf() },
      'src/client.ts:10', 'this.routes.assign (src/routes.ts:4), Routes.assign (src/routes.ts:4) is a function kept in a field, which code may assign on the instance'],
    ["a parameter's default completes the route",
      { 'src/routes.ts': ROUTES.replace('app(c: string) {\n    return `${this.base}/platform/v1/apps/${c}`;', "app(c: string, version = 'v1') {\n    return `${this.base}/platform/${version}/apps/${c}`;"), 'src/client.ts': clientOf() },
      'src/client.ts:10', "this.routes.assign (src/routes.ts:6), a parameter left out takes its default (version = 'v1') to complete the route"],
    ['the builder bound in the constructor',
      { 'src/routes.ts': ROUTES, 'src/client.ts': clientOf({ extra: '\n    this.assignUrl = this.routes.assign.bind(this.routes);', url: 'this.assignUrl(code)' }) },
      'src/client.ts:12', 'this.assignUrl (src/client.ts:6), PlatformClient.assignUrl (src/client.ts:6) holds this.routes.assign made by .bind, with a this and arguments of its own'],
    ['a template a getter returns, completed by .replace at the call',
      { 'src/routes.ts': ROUTES.replace('assign(c: string) {\n    return `${this.app(c)}/assign`;', "get assignTemplate() {\n    return `${this.app(':code')}/assign`;"),
        'src/client.ts': clientOf({ url: "this.routes.assignTemplate.replace(':code', code)" }) },
      'src/client.ts:10', 'this.routes.assignTemplate (src/routes.ts:6), its result changed by .replace(…) at the call, a template returned by the getter Routes.assignTemplate (src/routes.ts:6)'],
    ['an instance of a subclass that inherits the method',
      { 'src/routes.ts': ROUTES, 'src/eu.ts': "import { Routes } from './routes.js';\n\nexport class EuRoutes extends Routes {}\n",
        'src/client.ts': clientOf({ make: 'new EuRoutes(base)', imports: "import { EuRoutes } from './eu.js';", field: 'EuRoutes' }) },
      'src/client.ts:10', 'this.routes.assign (src/routes.ts:6), inherited by EuRoutes from Routes'],
    ['a frozen instance',
      { 'src/routes.ts': ROUTES, 'src/client.ts': clientOf({ make: 'Object.freeze(new Routes(base))' }) },
      'src/client.ts:10', "this.routes.assign (src/routes.ts:6), its instance is made by Object.freeze(…), which is not read as a builder's instance"],
    ['an instance a factory of the program makes',
      { 'src/routes.ts': `${ROUTES}\nexport const routesFor = (base: string) => new Routes(base);\n`, 'src/client.ts': clientOf({ make: 'routesFor(base)', imports: "import { routesFor, type Routes } from './routes.js';" }) },
      'src/client.ts:10', "this.routes.assign (src/routes.ts:6), its instance is made by routesFor(…) (src/routes.ts:14), a function of the program whose result is not read as a builder's instance"],
    ['an instance wrapped in a Proxy',
      { 'src/routes.ts': ROUTES, 'src/client.ts': clientOf({ make: 'new Proxy(new Routes(base), {})' }) },
      'src/client.ts:10', 'this.routes.assign (src/routes.ts:6), its instance is wrapped in a Proxy, whose handler may return other members'],
    ['an instance kept in an exported let',
      { 'src/routes.ts': `${ROUTES}\nexport let routes = new Routes('https://api.example.com');\n`,
        'src/client.ts': "import axios from 'axios';\nimport { routes } from './routes.js';\n\nexport const assign = (code: string, dir: string) => axios.post(routes.assign(code), { directory_uid: dir });\n" },
      'src/client.ts:4', 'routes.assign (src/routes.ts:6), its instance is kept in an exported let (routes, src/routes.ts:14), which its module may assign again'],
  ])('%s: project mode leaves a TODO naming it; the same in one module, read file by file', async (_name, files, site, key) => {
    const dir = trees.project(files);
    const client = files['src/client.ts'];
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([`${site} manual url-builder-unread: ${key}`]);
    const after = readFileSync(join(dir, 'src/client.ts'), 'utf8');
    expect(after.replace(/^ *\/\/ TODO\(app-assignment\): .*\n/m, '')).toBe(client);
    expect(after).toContain(`// TODO(app-assignment): the URL is built by ${key}, which spells the deprecated route`);
    // One module: the class (and what makes its instance) above the client, without the imports between them.
    const one = `${Object.entries(files).filter(([path]) => path !== 'src/client.ts').map(([, text]) => text.replace(/^import .*\n\n?/gm, '')).join('\n')}\n${client}`
      .replace(/^import (?:type )?\{[^}]*\} from '\.\/(?:routes|eu)\.js';\n/gm, '');
    const [phrase] = key.split(', ').slice(1);
    for (const mode of [[], ['--no-project']]) {
      const alone = trees.project({ 'src/client.ts': one });
      const sites = sitesOf(await migrateIn<Report>(alone, ['.', ...mode]));
      expect(sites, `${mode.join(' ') || 'project'}: ${one}`).toHaveLength(1);
      if (key.includes('exported let')) {
        // In its own module the let is never assigned again: the exact reading follows it.
        expect(sites[0]).toMatch(/ (?:fix|manual url-built-by-function)$/);
      } else {
        expect(sites[0]).toContain(`manual url-builder-unread: `);
        expect(sites[0]).toContain(phrase!.replace(/src\/(?:routes|client)\.ts:\d+/g, '').split('(')[0]!.trim());
      }
    }
  });

  it('a builder made by DI, its instance handed to the client\'s constructor: the caller names it, and the request has a TODO', async () => {
    const dir = trees.project({
      'src/routes.ts': ROUTES,
      'src/client.ts': "import axios from 'axios';\nimport type { Routes } from './routes.js';\n\nexport class PlatformClient {\n  constructor(private readonly routes: Routes) {}\n  assign(code: string, dir: string) {\n    return axios.post(this.routes.assign(code), { directory_uid: dir });\n  }\n}\n",
      'src/main.ts': "import { PlatformClient } from './client.js';\nimport { Routes } from './routes.js';\n\nconst routes = new Routes('https://api.example.com');\nexport const main = () => new PlatformClient(routes).assign('harbor-booking', 'dir_harbor');\n",
    });
    expect(sitesOf(await migrateIn<Report>(dir))).toEqual([
      'src/client.ts:7 manual wrapper-callers: in main (src/main.ts)',
      'src/main.ts:5 manual url-built-by-function: src/main.ts:5 hands the instance (routes) to new PlatformClient(…), which may replace its methods',
    ]);
    expect(readFileSync(join(dir, 'src/client.ts'), 'utf8')).toContain('    // TODO(app-assignment): this request is sent for the callers of this function');
  });
});
