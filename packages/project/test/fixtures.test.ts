// The loader on the multi-file projects of fixtures/projects: every import resolves to the file a reader of the
// project would name, importersOf finds exactly the importers, and the compiler's own program agrees.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Node, Project, ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { loadProject } from '@app-assignment/project';

const PROJECTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/projects');
const read = (f: string): string => readFileSync(f, 'utf8');
const names = readdirSync(PROJECTS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** Packages outside the repository, and the in-repository targets of the bare specifiers the projects use. */
const BARE: Record<string, string | undefined> = {
  axios: undefined,
  'openapi-fetch': undefined,
  'node:util': undefined,
  'node:querystring': undefined,
  qs: undefined,
  got: undefined,
  request: undefined,
  urlcat: undefined,
  'url-join': undefined,
  'path-to-regexp': undefined,
  '@reduxjs/toolkit': undefined,
  '@reduxjs/toolkit/query/react': undefined,
  '@acme/api-client': 'monorepo/packages/api-client/src/index.ts',
};

/** The file a relative specifier names, worked out by hand: `.js` written for a `.ts` file, or a folder's index. */
function byHand(from: string, specifier: string): string | undefined {
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, path.join(target, 'index.ts')];
  return candidates.find((c) => existsSync(c) && c.endsWith('.ts'));
}

function expectedTarget(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return byHand(from, specifier);
  expect(Object.keys(BARE), `bare specifier ${specifier} in ${from}`).toContain(specifier);
  const rel = BARE[specifier];
  return rel === undefined ? undefined : path.join(PROJECTS, rel);
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    // `after/` holds the expected result of a migration, beside the project rather than in it.
    .filter((f) => f.endsWith('.ts') && !f.split(path.sep).includes('node_modules') && !f.split(path.sep).includes('dist') &&
      f.split(path.sep)[0] !== 'after')
    .map((f) => path.join(dir, f));
}

const importsOf = (file: string): string[] => ts.preProcessFile(read(file), true, true).importedFiles.map((r) => r.fileName);

it('has the projects the analysis is tested on', () => {
  expect(names).toEqual(
    [
      'app-instance', 'body-types', 'class-route-builder', 'client-setup', 'constants-and-bases', 'everyday-helpers', 'fetch-request', 'form-bodies', 'monorepo', 'openapi-fetch', 'request-helper',
      'request-library', 'routes-module', 'rtk-query-hooks', 'runtime-bodies', 'sdk-class', 'shared-body-type', 'shared-body-type-held', 'v3-body-type', 'wrapper-module',
      'wrapper-module-built-in',
    ],
  );
});

describe.each(names)('fixtures/projects/%s', (name) => {
  const root = path.join(PROJECTS, name);
  const project = loadProject(root);

  it('lists every TypeScript file of the project as a source file', () => {
    expect(project.found).toBe(true);
    expect(project.sourceFiles).toEqual(tsFilesUnder(root).sort());
    for (const file of project.sourceFiles) expect(project.configOf(file)).toBe(path.join(path.dirname(file).replace(/\/src(\/.*)?$/, ''), 'tsconfig.json'));
  });

  it('resolves every import to the file it names', () => {
    let count = 0;
    for (const file of project.sourceFiles) {
      for (const specifier of importsOf(file)) {
        const expected = expectedTarget(file, specifier);
        expect(project.resolveImport(file, specifier), `${path.relative(root, file)}: '${specifier}'`).toBe(expected);
        if (expected !== undefined) expect(project.sourceFiles).toContain(expected);
        count++;
      }
    }
    expect(count).toBeGreaterThan(0);
  });

  it('finds exactly the importers of each file', () => {
    for (const file of project.sourceFiles) {
      const expected = project.sourceFiles.filter((other) => importsOf(other).some((s) => expectedTarget(other, s) === file));
      expect([...project.importersOf(file, read)].sort(), path.relative(root, file)).toEqual(expected);
    }
  });

  if (name !== 'monorepo') {
    it("agrees with the compiler's program on every import", () => {
      // lib files add nothing to where imports go, and most of the time a program takes
      const program = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json'), skipLoadingLibFiles: true });
      for (const sourceFile of program.getSourceFiles()) {
        const file = sourceFile.getFilePath() as string;
        if (!file.startsWith(`${root}/src/`)) continue;
        for (const decl of [...sourceFile.getImportDeclarations(), ...sourceFile.getExportDeclarations()]) {
          const specifier = decl.getModuleSpecifierValue();
          if (specifier === undefined) continue;
          const compiled = decl.getModuleSpecifierSourceFile()?.getFilePath() as string | undefined;
          const inRepo = compiled !== undefined && compiled.startsWith(`${root}/`) ? compiled : undefined;
          expect(project.resolveImport(file, specifier), `${path.relative(root, file)}: '${specifier}'`).toBe(inRepo);
        }
      }
    });
  }
});

describe('the monorepo', () => {
  const root = path.join(PROJECTS, 'monorepo');
  const project = loadProject(root);
  const at = (rel: string): string => path.join(root, rel);

  it('uses the root config, the two it references, and no other', () => {
    expect([...project.configs].sort()).toEqual(['packages/api-client/tsconfig.json', 'packages/app/tsconfig.json', 'tsconfig.json'].map(at));
    expect(project.sourceFiles).toEqual(
      [
        'packages/api-client/src/assign.ts',
        'packages/api-client/src/client.ts',
        'packages/api-client/src/config.ts',
        'packages/api-client/src/index.ts',
        'packages/app/src/main.ts',
        'packages/app/src/offers.ts',
        'packages/app/src/onboarding.ts',
      ].map(at),
    );
    expect(project.configOf(at('packages/app/src/offers.ts'))).toBe(at('packages/app/tsconfig.json'));
    expect(project.configOf(at('packages/api-client/src/assign.ts'))).toBe(at('packages/api-client/tsconfig.json'));
  });

  it('follows the path alias into the other package and finds the wrapper module through the re-export', () => {
    expect(project.resolveImport(at('packages/app/src/onboarding.ts'), '@acme/api-client')).toBe(at('packages/api-client/src/index.ts'));
    expect([...project.importersOf(at('packages/api-client/src/index.ts'), read)].sort()).toEqual(
      ['packages/app/src/offers.ts', 'packages/app/src/onboarding.ts'].map(at),
    );
    expect(project.importersOf(at('packages/api-client/src/assign.ts'), read)).toEqual([at('packages/api-client/src/index.ts')]);
  });
});

describe('type questions across files', () => {
  it('sees the declared type of a wrapper parameter from its caller', () => {
    const root = path.join(PROJECTS, 'body-types');
    const project = loadProject(root);
    const caller = path.join(root, 'src/offers.ts');
    const typed = project.typeProjectFor(caller);
    const call = typed
      .getSourceFileOrThrow(caller)
      .getDescendants()
      .find((n) => Node.isCallExpression(n) && n.getExpression().getText() === 'assignWith');
    expect(call).toBeDefined();
    const argument = Node.isCallExpression(call) ? call.getArguments()[1] : undefined;
    const declared = (Node.isExpression(argument) ? argument.getContextualType() : undefined)?.getSymbol()?.getDeclarations()[0];
    expect(declared?.getSourceFile().getFilePath()).toBe(path.join(root, 'src/types.ts'));
    expect(declared?.getSymbol()?.getName()).toBe('AssignAppRequest');
    // only the caller and what it imports were added, not the whole program
    const added = typed.getSourceFiles().map((f) => path.relative(root, f.getFilePath()));
    expect(added).not.toContain('src/main.ts');
    expect(added).not.toContain('src/typed.ts');
  });
});

describe.each(names)('fixtures/projects/%s/expected.md', (name) => {
  const root = path.join(PROJECTS, name);
  const text = read(path.join(root, 'expected.md'));
  const refs = [...text.matchAll(/`((?:packages\/[\w-]+\/)?src\/[\w/.-]+\.ts):(\d+)(?::(\d+))?(?:-(\d+))?`/g)];

  it('points at lines that exist, and each line:column at a call', () => {
    expect(refs.length).toBeGreaterThan(0);
    for (const [ref, rel = '', line, column, lastLine] of refs) {
      const file = path.join(root, rel);
      expect(existsSync(file), ref).toBe(true);
      const lines = read(file).split('\n');
      for (const n of [line, lastLine]) if (n !== undefined) expect(lines[Number(n) - 1]?.trim(), ref).toBeTruthy();
      if (column !== undefined) {
        const source = lines[Number(line) - 1] ?? '';
        // the call starts exactly there: an identifier chain begins at the column and is called
        expect(source.slice(0, Number(column) - 1), ref).toMatch(/(^|[^\w$.])$/);
        expect(source.slice(Number(column) - 1), ref).toMatch(/^[\w$.]+(?:\([^)]*\))?(?:\.[\w$]+)*\(/);
      }
    }
  });
});
