import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject } from '@app-assignment/project';
import { json, writeTree, type Tree } from './tree.js';

const read = (f: string): string => readFileSync(f, 'utf8');
const trees: Tree[] = [];
const tree = (spec: Parameters<typeof writeTree>[0]): Tree => {
  const t = writeTree(spec);
  trees.push(t);
  return t;
};
afterAll(() => {
  for (const t of trees) t.remove();
});

const nodeNext = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  skipLibCheck: true,
  types: [],
};

describe('a single tsconfig', () => {
  const t = tree({
    'tsconfig.json': json({
      compilerOptions: { ...nodeNext, rootDir: 'src', outDir: 'dist', paths: { '@/*': ['./src/*'] } },
      include: ['src'],
    }),
    'src/main.ts': [
      "import { api } from './lib/api.js';",
      "import { assign } from '@/services/assign.js';",
      "import * as routes from './routes/index.js';",
      "export { helper } from './lib/helper.js';",
      "import axios from 'axios';",
      "import { missing } from './nowhere.js';",
      'void api; void assign; void routes; void axios; void missing;',
      'export async function later() { return import("./lib/lazy.js"); }',
    ].join('\n'),
    'src/lib/api.ts': "export const api = { post: (u: string) => u };\n",
    'src/lib/helper.ts': 'export const helper = 1;\n',
    'src/lib/lazy.ts': 'export const lazy = 1;\n',
    'src/lib/legacy.cts': "const { api } = require('./api');\nexport = api;\n",
    'src/routes/index.ts': "export const assignRoute = (code: string) => `/platform/v1/apps/${code}/assign`;\n",
    'src/services/assign.ts': "import { api } from '../lib/api.js';\nexport const assign = () => api.post('/x');\n",
    'src/services/unrelated.ts': "// mentions api in a comment only\nexport const api2 = 'api';\n",
    'scripts/build.ts': "import '../src/lib/api.js';\n",
    'dist/main.js': "import './lib/api.js';\n",
    'node_modules/axios/package.json': json({ name: 'axios', version: '1.0.0', types: 'index.d.ts', main: 'index.js' }),
    'node_modules/axios/index.d.ts': 'declare const axios: { post(u: string): unknown };\nexport default axios;\n',
    'node_modules/axios/index.js': 'module.exports = {};\n',
  });
  const project = loadProject(t.root);

  it('finds the config and lists its files without build output or node_modules', () => {
    expect(project.found).toBe(true);
    expect(project.configs).toEqual([t.at('tsconfig.json')]);
    expect(project.sourceFiles).toEqual(
      [
        'src/lib/api.ts',
        'src/lib/helper.ts',
        'src/lib/lazy.ts',
        'src/lib/legacy.cts',
        'src/main.ts',
        'src/routes/index.ts',
        'src/services/assign.ts',
        'src/services/unrelated.ts',
      ].map(t.at),
    );
    expect(project.configOf(t.at('src/main.ts'))).toBe(t.at('tsconfig.json'));
    expect(project.configOf(t.at('scripts/build.ts'))).toBeUndefined();
  });

  it('resolves relative, NodeNext .js→.ts, index, alias and require specifiers to the source file', () => {
    const main = t.at('src/main.ts');
    expect(project.resolveImport(main, './lib/api.js')).toBe(t.at('src/lib/api.ts'));
    expect(project.resolveImport(main, '@/services/assign.js')).toBe(t.at('src/services/assign.ts'));
    expect(project.resolveImport(main, './routes/index.js')).toBe(t.at('src/routes/index.ts'));
    expect(project.resolveImport(main, './lib/helper.js')).toBe(t.at('src/lib/helper.ts'));
    expect(project.resolveImport(t.at('src/lib/legacy.cts'), './api')).toBe(t.at('src/lib/api.ts'));
    // an extensionless import in a NodeNext ESM-style file still names its file
    expect(project.resolveImport(main, './lib/api')).toBe(t.at('src/lib/api.ts'));
  });

  it('returns undefined for node_modules packages and unresolvable specifiers', () => {
    const main = t.at('src/main.ts');
    expect(project.resolveImport(main, 'axios')).toBeUndefined();
    expect(project.resolveImport(main, './nowhere.js')).toBeUndefined();
    expect(project.resolveImport(main, 'node:fs')).toBeUndefined();
  });

  it('finds exactly the importers of a file, whatever the import form', () => {
    const importers = project.importersOf(t.at('src/lib/api.ts'), read);
    expect([...importers].sort()).toEqual(['src/lib/legacy.cts', 'src/services/assign.ts', 'src/main.ts'].map(t.at).sort());
    expect(project.importersOf(t.at('src/routes/index.ts'), read)).toEqual([t.at('src/main.ts')]);
    expect(project.importersOf(t.at('src/lib/lazy.ts'), read)).toEqual([t.at('src/main.ts')]);
    expect(project.importersOf(t.at('src/main.ts'), read)).toEqual([]);
  });

  it('makes a type project holding only the asked file and what it imports', () => {
    const typed = project.typeProjectFor(t.at('src/services/assign.ts'));
    const names = typed.getSourceFiles().map((f) => f.getFilePath() as string);
    expect(names).toContain(t.at('src/services/assign.ts'));
    expect(names).toContain(t.at('src/lib/api.ts'));
    expect(names).not.toContain(t.at('src/main.ts'));
    const decl = typed.getSourceFileOrThrow(t.at('src/services/assign.ts')).getVariableDeclarationOrThrow('assign');
    expect(decl.getType().getText()).toBe('() => string');
    // one project per config: a second file of the same config joins it
    expect(project.typeProjectFor(t.at('src/main.ts'))).toBe(typed);
    expect(typed.getSourceFile(t.at('src/main.ts'))).toBeDefined();
  });

  it('leaves out what options.ignore says', () => {
    const ignored = loadProject(t.root, { ignore: (p) => p.includes(`${path.sep}services`) });
    expect(ignored.sourceFiles).not.toContain(t.at('src/services/assign.ts'));
    expect(ignored.sourceFiles).toContain(t.at('src/main.ts'));
  });
});

describe('no config', () => {
  const t = tree({
    'src/a.js': "import { b } from './b';\nimport { c } from './c.js';\nconst d = require('./d.cjs');\nexport default [b, c, d];\n",
    'src/b.ts': 'export const b = 1;\n',
    'src/c.ts': 'export const c = 2;\n',
    'src/d.cjs': 'module.exports = 3;\n',
    'src/e.mjs': "export { b } from './b';\n",
    'src/view.jsx': "import a from './a';\nexport const v = <div>{a}</div>;\n",
    'dist/a.js': 'export {};\n',
    'node_modules/x/index.js': 'module.exports = 1;\n',
    '.cache/y.js': 'export {};\n',
    'README.md': '# nothing\n',
  });
  const project = loadProject(t.root);

  it('uses a default over every source file under root', () => {
    expect(project.found).toBe(false);
    expect(project.configs).toEqual([]);
    expect(project.sourceFiles).toEqual(['src/a.js', 'src/b.ts', 'src/c.ts', 'src/d.cjs', 'src/e.mjs', 'src/view.jsx'].map(t.at));
    expect(project.configOf(t.at('src/a.js'))).toBeUndefined();
  });

  it('resolves both ./x and ./x.js to a TypeScript file, and require of a .cjs', () => {
    const a = t.at('src/a.js');
    expect(project.resolveImport(a, './b')).toBe(t.at('src/b.ts'));
    expect(project.resolveImport(a, './c.js')).toBe(t.at('src/c.ts'));
    expect(project.resolveImport(a, './d.cjs')).toBe(t.at('src/d.cjs'));
    expect(project.resolveImport(t.at('src/view.jsx'), './a')).toBe(a);
  });

  it('finds importers across JavaScript and TypeScript files', () => {
    expect([...project.importersOf(t.at('src/b.ts'), read)].sort()).toEqual(['src/a.js', 'src/e.mjs'].map(t.at));
    expect(project.importersOf(t.at('src/d.cjs'), read)).toEqual([t.at('src/a.js')]);
  });

  it('answers type questions with the default options', () => {
    const typed = project.typeProjectFor(t.at('src/e.mjs'));
    expect(typed.getSourceFile(t.at('src/b.ts'))).toBeDefined();
  });
});

describe('a monorepo with references and workspace packages', () => {
  const composite = (extra: object = {}) =>
    json({ compilerOptions: { ...nodeNext, composite: true, rootDir: 'src', outDir: 'dist', ...extra }, include: ['src'] });
  const t = tree({
    'package.json': json({ name: 'acme', private: true, workspaces: ['packages/*'] }),
    'tsconfig.json': json({ files: [], references: [{ path: 'packages/client' }, { path: 'packages/app' }] }),
    // a library whose types point at build output that is not built
    'packages/client/package.json': json({ name: '@acme/client', type: 'module', types: './dist/index.d.ts', exports: { '.': './dist/index.js' } }),
    'packages/client/tsconfig.json': composite(),
    'packages/client/src/index.ts': "export { api } from './api.js';\n",
    'packages/client/src/api.ts': 'export const api = { base: "http://localhost" };\n',
    // a library with a `source` field and built declarations present
    'packages/routes/package.json': json({ name: '@acme/routes', source: './src/main.ts', types: './dist/main.d.ts' }),
    'packages/routes/tsconfig.json': composite(),
    'packages/routes/src/main.ts': 'export const route = (c: string) => `/platform/v1/apps/${c}/assign`;\n',
    'packages/routes/dist/main.d.ts': 'export declare const route: (c: string) => string;\n',
    // a library with built declarations and no source mapping in its manifest: outDir/rootDir map back to source
    'packages/types/package.json': json({ name: '@acme/types', types: './dist/index.d.ts' }),
    'packages/types/tsconfig.json': composite(),
    'packages/types/src/index.ts': 'export interface Body { business_uid?: string }\n',
    'packages/types/dist/index.d.ts': 'export interface Body { business_uid?: string }\n',
    'packages/app/package.json': json({ name: '@acme/app', type: 'module' }),
    'packages/app/tsconfig.json': json({
      compilerOptions: { ...nodeNext, composite: true, rootDir: 'src', outDir: 'dist' },
      include: ['src'],
      references: [{ path: '../client' }, { path: '../routes' }],
    }),
    'packages/app/src/main.ts': [
      "import { api } from '@acme/client';",
      "import { route } from '@acme/routes';",
      "import type { Body } from '@acme/types';",
      "import { local } from './local.js';",
      'export const all = [api, route, local] as const;',
      'export type B = Body;',
    ].join('\n'),
    'packages/app/src/local.ts': 'export const local = 1;\n',
    'packages/app/node_modules/@acme/client': { link: '../../../client' },
    'packages/app/node_modules/@acme/routes': { link: '../../../routes' },
    'packages/app/node_modules/@acme/types': { link: '../../../types' },
    'tools/tsconfig.json': composite(),
    'tools/src/gen.ts': 'export {};\n',
  });
  const project = loadProject(t.root);

  it('lists the root config, its references and each workspace package config', () => {
    expect(project.found).toBe(true);
    expect([...project.configs].sort()).toEqual(
      ['tsconfig.json', 'packages/client/tsconfig.json', 'packages/app/tsconfig.json', 'packages/routes/tsconfig.json', 'packages/types/tsconfig.json']
        .map(t.at)
        .sort(),
    );
    expect(project.sourceFiles).toEqual(
      [
        'packages/app/src/local.ts',
        'packages/app/src/main.ts',
        'packages/client/src/api.ts',
        'packages/client/src/index.ts',
        'packages/routes/src/main.ts',
        'packages/types/src/index.ts',
      ].map(t.at),
    );
    expect(project.configOf(t.at('packages/app/src/main.ts'))).toBe(t.at('packages/app/tsconfig.json'));
    expect(project.configOf(t.at('packages/client/src/api.ts'))).toBe(t.at('packages/client/tsconfig.json'));
  });

  it('resolves workspace packages to their source files', () => {
    const main = t.at('packages/app/src/main.ts');
    expect(project.resolveImport(main, '@acme/client')).toBe(t.at('packages/client/src/index.ts'));
    expect(project.resolveImport(main, '@acme/routes')).toBe(t.at('packages/routes/src/main.ts'));
    expect(project.resolveImport(main, '@acme/types')).toBe(t.at('packages/types/src/index.ts'));
    expect(project.resolveImport(main, './local.js')).toBe(t.at('packages/app/src/local.ts'));
    expect(project.resolveImport(t.at('packages/client/src/index.ts'), './api.js')).toBe(t.at('packages/client/src/api.ts'));
  });

  it('finds importers through package names', () => {
    expect(project.importersOf(t.at('packages/client/src/index.ts'), read)).toEqual([t.at('packages/app/src/main.ts')]);
    expect(project.importersOf(t.at('packages/client/src/api.ts'), read)).toEqual([t.at('packages/client/src/index.ts')]);
    expect(project.importersOf(t.at('packages/routes/src/main.ts'), read)).toEqual([t.at('packages/app/src/main.ts')]);
  });

  it('gives each package its own type project, reading other packages from source', () => {
    const app = project.typeProjectFor(t.at('packages/app/src/main.ts'));
    expect(app.getSourceFile(t.at('packages/client/src/api.ts'))).toBeDefined();
    const all = app.getSourceFileOrThrow(t.at('packages/app/src/main.ts')).getVariableDeclarationOrThrow('all');
    expect(all.getType().getText()).toContain('base: string');
    expect(project.typeProjectFor(t.at('packages/client/src/api.ts'))).not.toBe(app);
  });
});

describe('a jsconfig.json', () => {
  const t = tree({
    'jsconfig.json': json({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', paths: { '~/*': ['./src/*'] } }, include: ['src'] }),
    'src/app.jsx': "import { api } from '~/lib/api';\nimport { Button } from './ui/Button';\nexport const App = () => <Button onClick={() => api.post('/x')} />;\n",
    'src/lib/api.js': "export const api = { post: (u) => fetch(u, { method: 'POST' }) };\n",
    'src/ui/Button.jsx': 'export const Button = (props) => <button {...props} />;\n',
  });
  const project = loadProject(t.root);

  it('includes JavaScript files as the editor does, and resolves its aliases', () => {
    expect(project.found).toBe(true);
    expect(project.configs).toEqual([t.at('jsconfig.json')]);
    expect(project.sourceFiles).toEqual(['src/app.jsx', 'src/lib/api.js', 'src/ui/Button.jsx'].map(t.at));
    expect(project.resolveImport(t.at('src/app.jsx'), '~/lib/api')).toBe(t.at('src/lib/api.js'));
    expect(project.resolveImport(t.at('src/app.jsx'), './ui/Button')).toBe(t.at('src/ui/Button.jsx'));
    expect(project.importersOf(t.at('src/lib/api.js'), read)).toEqual([t.at('src/app.jsx')]);
  });
});

describe('a pnpm workspace without a root config', () => {
  const t = tree({
    'pnpm-workspace.yaml': "packages:\n  - 'apps/*'\n  - libs/shared # the one library\n  - libs/built\n  - '!apps/legacy'\n",
    'apps/web/package.json': json({ name: 'web' }),
    'apps/web/tsconfig.json': json({ compilerOptions: { ...nodeNext, allowJs: true }, include: ['src'] }),
    'apps/web/src/index.ts': "import { shared } from 'shared';\nimport { built } from 'built';\nexport const web = [shared, built];\n",
    'apps/legacy/package.json': json({ name: 'legacy' }),
    'apps/legacy/tsconfig.json': json({ compilerOptions: nodeNext, include: ['src'] }),
    'apps/legacy/src/index.ts': 'export {};\n',
    'libs/shared/package.json': json({ name: 'shared', main: './dist/index.js', types: './dist/index.d.ts' }),
    'libs/shared/tsconfig.json': json({ compilerOptions: { ...nodeNext, rootDir: 'src', outDir: 'dist' }, include: ['src'] }),
    'libs/shared/src/index.ts': 'export const shared = 1;\n',
    'apps/web/node_modules/shared': { link: '../../../libs/shared' },
    // built JavaScript and no declarations: the compiler (allowJs) reaches dist/index.js
    'libs/built/package.json': json({ name: 'built', main: './dist/index.js' }),
    'libs/built/tsconfig.json': json({ compilerOptions: { ...nodeNext, rootDir: 'src', outDir: 'dist' }, include: ['src'] }),
    'libs/built/src/index.ts': 'export const built = 2;\n',
    'libs/built/dist/index.js': 'export const built = 2;\n',
    'apps/web/node_modules/built': { link: '../../../libs/built' },
  });
  const project = loadProject(t.root);

  it('takes the configs of the declared packages, leaving out the negated one', () => {
    expect(project.configs).toEqual(['apps/web/tsconfig.json', 'libs/built/tsconfig.json', 'libs/shared/tsconfig.json'].map(t.at));
    expect(project.sourceFiles).toEqual(['apps/web/src/index.ts', 'libs/built/src/index.ts', 'libs/shared/src/index.ts'].map(t.at));
  });

  it('resolves a package whose build output does not exist to its source through outDir and rootDir', () => {
    expect(project.resolveImport(t.at('apps/web/src/index.ts'), 'shared')).toBe(t.at('libs/shared/src/index.ts'));
    expect(project.resolveImport(t.at('apps/web/src/index.ts'), 'built')).toBe(t.at('libs/built/src/index.ts'));
    expect(project.importersOf(t.at('libs/shared/src/index.ts'), read)).toEqual([t.at('apps/web/src/index.ts')]);
  });
});

describe('a folder of projects without a config of its own', () => {
  const t = tree({
    'one/tsconfig.json': json({ compilerOptions: nodeNext, include: ['src'] }),
    'one/src/a.ts': "import './b.js';\n",
    'one/src/b.ts': 'export {};\n',
    'two/deep/jsconfig.json': json({ include: ['.'] }),
    'two/deep/c.js': "require('./d');\n",
    'two/deep/d.js': 'module.exports = {};\n',
    'loose.js': 'export {};\n',
  });
  const project = loadProject(t.root);

  it('uses the config of each project below it', () => {
    expect(project.found).toBe(true);
    expect(project.configs).toEqual(['one/tsconfig.json', 'two/deep/jsconfig.json'].map(t.at));
    expect(project.sourceFiles).toEqual(['one/src/a.ts', 'one/src/b.ts', 'two/deep/c.js', 'two/deep/d.js'].map(t.at));
    expect(project.configOf(t.at('two/deep/c.js'))).toBe(t.at('two/deep/jsconfig.json'));
    expect(project.resolveImport(t.at('two/deep/c.js'), './d')).toBe(t.at('two/deep/d.js'));
    expect(project.resolveImport(t.at('one/src/a.ts'), './b.js')).toBe(t.at('one/src/b.ts'));
  });
});

describe('a config above root', () => {
  const t = tree({
    'tsconfig.json': json({ compilerOptions: nodeNext, include: ['app/src'] }),
    'app/src/a.ts': "import './b.js';\n",
    'app/src/b.ts': 'export {};\n',
    'other/tsconfig.json': json({ compilerOptions: nodeNext, include: ['nothing'] }),
    'unowned/src/c.js': "import './d.js';\n",
    'unowned/src/d.js': 'export {};\n',
  });

  it('is used when it includes files under root', () => {
    const project = loadProject(t.at('app'));
    expect(project.found).toBe(true);
    expect(project.configs).toEqual([t.at('tsconfig.json')]);
    expect(project.sourceFiles).toEqual(['app/src/a.ts', 'app/src/b.ts'].map(t.at));
    expect(project.resolveImport(t.at('app/src/a.ts'), './b.js')).toBe(t.at('app/src/b.ts'));
  });

  it('is not used when it includes nothing under root', () => {
    const project = loadProject(t.at('unowned'));
    expect(project.found).toBe(false);
    expect(project.sourceFiles).toEqual(['unowned/src/c.js', 'unowned/src/d.js'].map(t.at));
    // a file of the parent repository is outside this root
    expect(project.resolveImport(t.at('unowned/src/c.js'), '../../app/src/b.js')).toBeUndefined();
  });
});

describe('speed on a large repository', () => {
  const FILES = 2000;
  const spec: Record<string, string> = {
    'tsconfig.json': json({ compilerOptions: { ...nodeNext, rootDir: 'src', outDir: 'dist', paths: { '#lib/*': ['./src/lib/*'] } }, include: ['src'] }),
  };
  for (let i = 0; i < FILES; i++) {
    const dir = `src/feature${Math.floor(i / 50)}`;
    spec[`${dir}/mod${i}.ts`] = [
      `import { helper${i % 20} } from '#lib/helper${i % 20}.js';`,
      `import { mod${(i + 1) % FILES} } from '../feature${Math.floor(((i + 1) % FILES) / 50)}/mod${(i + 1) % FILES}.js';`,
      "import axios from 'axios';",
      `export const mod${i} = () => [helper${i % 20}, axios, mod${(i + 1) % FILES}];`,
    ].join('\n');
  }
  for (let h = 0; h < 20; h++) spec[`src/lib/helper${h}.ts`] = `export const helper${h} = ${h};\n`;
  const t = tree(spec);

  it('loads and resolves the imports of 50 files well under a second', () => {
    const start = performance.now();
    const project = loadProject(t.root);
    const loaded = performance.now();
    let resolved = 0;
    for (let i = 0; i < FILES; i += FILES / 50) {
      const file = t.at(`src/feature${Math.floor(i / 50)}/mod${i}.ts`);
      expect(project.resolveImport(file, `#lib/helper${i % 20}.js`)).toBe(t.at(`src/lib/helper${i % 20}.ts`));
      const next = (i + 1) % FILES;
      expect(project.resolveImport(file, `../feature${Math.floor(next / 50)}/mod${next}.js`)).toBe(
        t.at(`src/feature${Math.floor(next / 50)}/mod${next}.ts`),
      );
      expect(project.resolveImport(file, 'axios')).toBeUndefined();
      resolved += 3;
    }
    const done = performance.now();
    console.log(
      `project: ${FILES + 20} files, load ${(loaded - start).toFixed(0)} ms, ${resolved} resolutions ${(done - loaded).toFixed(0)} ms, total ${(done - start).toFixed(0)} ms`,
    );
    expect(project.sourceFiles).toHaveLength(FILES + 20);
    expect(done - start).toBeLessThan(1000);
  });

  it('finds the importers of a module among all files by a text search first', () => {
    const project = loadProject(t.root);
    const texts = new Map<string, string>();
    const cachedRead = (f: string): string => {
      let text = texts.get(f);
      if (text === undefined) texts.set(f, (text = read(f)));
      return text;
    };
    const start = performance.now();
    const helperImporters = project.importersOf(t.at('src/lib/helper7.ts'), cachedRead);
    const modImporters = project.importersOf(t.at('src/feature3/mod150.ts'), cachedRead);
    const done = performance.now();
    console.log(`project: importersOf twice over ${FILES + 20} files ${(done - start).toFixed(0)} ms`);
    expect(helperImporters).toEqual(
      Array.from({ length: FILES / 20 }, (_, k) => 20 * k + 7)
        .map((i) => t.at(`src/feature${Math.floor(i / 50)}/mod${i}.ts`))
        .sort(),
    );
    expect(modImporters).toEqual([t.at('src/feature2/mod149.ts')]);
    expect(done - start).toBeLessThan(1000);
  });
});
