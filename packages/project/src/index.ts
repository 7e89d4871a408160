// Loads a repository the way its compiler does, cheaply: the configs in use (tsconfig/jsconfig, project references,
// workspace packages), the file list each of them includes, and import resolution with the compiler's own
// `resolveModuleName`, without parsing or type-checking the program. A ts-morph Project is only made when a type
// question is asked about a file, and then holds that file and what it imports.
import fs from 'node:fs';
import path from 'node:path';
import { blankOutside, componentKindOf, componentScripts } from '@app-assignment/core/components';
import { Project, ts } from 'ts-morph';
import { createCachedHost, type CachedHost } from './host.js';
import { configIn, findNestedConfigs, findWorkspacePackages, type WorkspacePackage } from './workspaces.js';

export interface ProjectLoadOptions {
  /** true for a path (file or folder) that must not be read: git-ignored, generated, vendored */
  readonly ignore?: (absPath: string) => boolean;
}

export interface LoadedProject {
  /** true when a tsconfig.json / jsconfig.json was found under or above root; false: a default was used */
  readonly found: boolean;
  /** absolute paths of every tsconfig/jsconfig in use (several in a monorepo; project references followed) */
  readonly configs: readonly string[];
  /** every source file the configs include (absolute paths), from their include/files/exclude, without parsing them */
  readonly sourceFiles: readonly string[];
  /** the config that owns a file (the nearest one whose file list includes it) */
  configOf(file: string): string | undefined;
  /**
   * Resolves an import/require specifier as the compiler would from this file: relative paths, NodeNext `.js`→`.ts`,
   * index files, `paths`/`baseUrl` aliases, project references, workspace packages symlinked in node_modules (to their
   * source file when a `source`/`types` mapping or an outDir/rootDir pair makes that possible). Undefined for files
   * outside the repository root (node_modules packages) and unresolvable specifiers. Cached.
   */
  resolveImport(fromFile: string, specifier: string): string | undefined;
  /**
   * Files among sourceFiles that import `file` directly (import, export-from, require, dynamic import with a literal):
   * a cheap text search for the names it can be imported by, each candidate confirmed by resolveImport.
   */
  importersOf(file: string, readText: (f: string) => string): readonly string[];
  /** A ts-morph Project for type questions about `file`: one per config, made on first use, files added on demand. */
  typeProjectFor(file: string): Project;
  /**
   * Configs that could not be read as JSON (the compiler's JSON with comments and trailing commas): the file, the
   * 1-based line and column of the first error, and the compiler's message. They are left out of `configs`; a front
   * end that would read the project without them says so rather than change its results in silence.
   */
  readonly configErrors: readonly ConfigError[];
}

/** A tsconfig.json or jsconfig.json that is not valid JSON. */
export interface ConfigError {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The compiler options used when the repository has no tsconfig.json / jsconfig.json. */
export const DEFAULT_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  checkJs: false,
  jsx: ts.JsxEmit.Preserve,
  noEmit: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  esModuleInterop: true,
  skipLibCheck: true,
};

/** Options the compiler gives a jsconfig.json before reading it. */
const JSCONFIG_DEFAULTS: ts.CompilerOptions = {
  allowJs: true,
  maxNodeModuleJsDepth: 2,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
  noEmit: true,
};

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;
// Component files a config's include may name (`src/**/*.vue`): their script blocks are modules of the program, so a
// component that imports a module is one of its importers.
const COMPONENT_EXTENSIONS: readonly ts.FileExtensionInfo[] = ['.vue', '.svelte', '.astro'].map((extension) => ({
  extension,
  isMixedContent: true,
  scriptKind: ts.ScriptKind.Deferred,
}));
const DEFAULT_EXCLUDE = ['**/node_modules', '**/dist', '**/build', '**/coverage', '**/out', '**/bower_components', '**/jspm_packages'];

interface Config {
  /** absolute config path, or undefined for the default */
  readonly file: string | undefined;
  readonly dir: string;
  readonly options: ts.CompilerOptions;
  readonly fileNames: readonly string[];
  readonly fileSet: ReadonlySet<string>;
  readonly cache: ts.ModuleResolutionCache;
}

const isWithin = (dir: string, file: string): boolean => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

function realDir(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

export function loadProject(root: string, options: ProjectLoadOptions = {}): LoadedProject {
  return load(realDir(root), options);
}

function load(root: string, options: ProjectLoadOptions): LoadedProject {
  const userIgnore = options.ignore ?? (() => false);
  const host: CachedHost = createCachedHost(root);
  const getCanonicalFileName = (f: string): string => (ts.sys.useCaseSensitiveFileNames ? f : f.toLowerCase());

  const insideRepo = (file: string): boolean => {
    if (!isWithin(root, file)) return false;
    return !path.relative(root, file).split(path.sep).includes('node_modules');
  };
  const keepSource = (file: string): boolean => {
    if (!insideRepo(file)) return false;
    const rel = path.relative(root, path.dirname(file));
    if (rel !== '' && rel.split(path.sep).some((seg) => seg.startsWith('.'))) return false;
    return !userIgnore(file);
  };

  const parseHost: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: (dir, extensions, excludes, includes, depth) => ts.sys.readDirectory(dir, extensions, excludes, includes, depth),
    fileExists: host.fileExists,
    readFile: host.readFile,
  };

  const makeConfig = (file: string | undefined, dir: string, parsedOptions: ts.CompilerOptions, fileNames: readonly string[]): Config => {
    const kept = fileNames.map((f) => path.resolve(f)).filter(keepSource);
    return {
      file,
      dir,
      options: parsedOptions,
      fileNames: kept,
      fileSet: new Set(kept),
      cache: ts.createModuleResolutionCache(root, getCanonicalFileName, parsedOptions),
    };
  };

  const parseConfigFile = (configFile: string): { config: Config; references: string[] } | undefined => {
    const text = host.readFile(configFile);
    if (text === undefined) return undefined;
    const json = ts.parseConfigFileTextToJson(configFile, text);
    if (json.error !== undefined || json.config === undefined) {
      const start = json.error?.start ?? 0;
      const { line, character } = ts.getLineAndCharacterOfPosition(ts.createSourceFile(configFile, text, ts.ScriptTarget.JSON), start);
      const message = json.error === undefined ? 'not a JSON object' : ts.flattenDiagnosticMessageText(json.error.messageText, ' ');
      configErrors.push({ file: configFile, line: line + 1, column: character + 1, message });
      return undefined;
    }
    const dir = path.dirname(configFile);
    const existing = path.basename(configFile) === 'jsconfig.json' ? JSCONFIG_DEFAULTS : {};
    const parsed = ts.parseJsonConfigFileContent(json.config, parseHost, dir, existing, configFile, undefined, COMPONENT_EXTENSIONS);
    const references = (parsed.projectReferences ?? []).map((ref) => path.resolve(ts.resolveProjectReferencePath(ref)));
    return { config: makeConfig(configFile, dir, parsed.options, parsed.fileNames), references };
  };

  // Configs: the one at (or above) root with its references, those of the workspace packages, and nested ones when
  // root has none.
  const configs = new Map<string, Config>();
  const configErrors: ConfigError[] = [];
  const addWithReferences = (start: string): Config[] => {
    const added: Config[] = [];
    const queue = [path.resolve(start)];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      if (configs.has(file) || userIgnore(file)) continue;
      const result = parseConfigFile(file);
      if (result === undefined) continue;
      configs.set(file, result.config);
      added.push(result.config);
      queue.push(...result.references);
    }
    return added;
  };

  const rootConfig = configIn(root);
  if (rootConfig !== undefined) {
    addWithReferences(rootConfig);
  } else {
    const above =
      ts.findConfigFile(path.dirname(root), host.fileExists, 'tsconfig.json') ??
      ts.findConfigFile(path.dirname(root), host.fileExists, 'jsconfig.json');
    if (above !== undefined) {
      // A config above root counts only when it (or a project it references) includes files under root.
      const added = addWithReferences(above);
      if (!added.some((c) => c.fileNames.length > 0)) for (const c of added) if (c.file !== undefined) configs.delete(c.file);
    }
  }
  const workspacePackages: WorkspacePackage[] = findWorkspacePackages(root, userIgnore);
  for (const pkg of workspacePackages) {
    const config = configIn(pkg.dir);
    if (config !== undefined) addWithReferences(config);
  }
  if (rootConfig === undefined && workspacePackages.length === 0) {
    for (const config of findNestedConfigs(root, userIgnore)) addWithReferences(config);
  }

  const found = configs.size > 0;
  let defaultConfig: Config | undefined;
  const getDefaultConfig = (): Config => {
    if (defaultConfig === undefined) {
      const names = found
        ? []
        : ts.sys.readDirectory(root, [...SOURCE_EXTENSIONS], DEFAULT_EXCLUDE, ['**/*']);
      defaultConfig = makeConfig(undefined, root, DEFAULT_COMPILER_OPTIONS, names);
    }
    return defaultConfig;
  };

  const configList = [...configs.values()];
  // The owner of a file: of the configs whose list includes it, the one nearest to the file.
  const owner = new Map<string, Config>();
  for (const config of found ? configList : [getDefaultConfig()]) {
    for (const file of config.fileNames) {
      const current = owner.get(file);
      if (current === undefined || config.dir.length > current.dir.length) owner.set(file, config);
    }
  }
  const sourceFiles = [...owner.keys()].sort();

  /** The config that governs resolution from a file: its owner, else the nearest config above it, else the default. */
  // A file no config lists is governed by the nearest config above its folder: the same for every file there.
  const governingOfFolder = new Map<string, Config>();
  const governing = (file: string): Config => {
    const own = owner.get(file);
    if (own !== undefined) return own;
    const folder = path.dirname(file);
    let best = governingOfFolder.get(folder);
    if (best !== undefined) return best;
    for (const config of configList) {
      if (isWithin(config.dir, file) && (best === undefined || config.dir.length > best.dir.length)) best = config;
    }
    best ??= getDefaultConfig();
    governingOfFolder.set(folder, best);
    return best;
  };

  // Build output back to source: a declaration or emitted file under a config's outDir/declarationDir maps to the
  // source file it was emitted from.
  const outputToSource = (file: string): string | undefined => {
    for (const config of configList) {
      const outDirs = [config.options.declarationDir, config.options.outDir].filter((d): d is string => d !== undefined);
      for (const outDir of outDirs) {
        if (!isWithin(outDir, file)) continue;
        const rel = path.relative(outDir, file);
        const stem = rel.replace(/(\.d)?\.(m|c)?[jt]sx?$/, '').replace(/\.d\.[^.]+$/, '');
        const flavour = /\.d\.mts$|\.mjs$/.test(rel) ? 'm' : /\.d\.cts$|\.cjs$/.test(rel) ? 'c' : '';
        const exts = flavour === 'm' ? ['.mts', '.mjs'] : flavour === 'c' ? ['.cts', '.cjs'] : ['.ts', '.tsx', '.js', '.jsx'];
        const bases = [config.options.rootDir ?? config.dir, commonDir(config.fileNames)].filter((b): b is string => b !== undefined);
        for (const base of bases) {
          for (const ext of exts) {
            const candidate = path.join(base, stem + ext);
            if (config.fileSet.has(candidate) || (insideRepo(candidate) && host.fileExists(candidate))) return candidate;
          }
        }
      }
    }
    return undefined;
  };

  const isDeclaration = (f: string): boolean => /\.d\.(m|c)?ts$|\.d\.[^.]+\.ts$/.test(f);
  const isSource = (f: string): boolean => SOURCE_EXTENSIONS.some((ext) => f.endsWith(ext)) && !isDeclaration(f);

  const tsResolve = (fromFile: string, specifier: string, config: Config): string | undefined => {
    const mode = ts.getImpliedNodeFormatForFile(fromFile, config.cache.getPackageJsonInfoCache(), host, config.options);
    const first = ts.resolveModuleName(specifier, fromFile, config.options, host, config.cache, undefined, mode);
    let resolved = first.resolvedModule?.resolvedFileName;
    if (resolved === undefined && mode !== undefined) {
      // An import the compiler would reject in this module format (say, an extensionless ESM import that a bundler
      // accepts) still names a file: try the other format before giving up.
      const other = mode === ts.ModuleKind.ESNext ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext;
      resolved = ts.resolveModuleName(specifier, fromFile, config.options, host, config.cache, undefined, other).resolvedModule
        ?.resolvedFileName;
    }
    return resolved === undefined ? undefined : host.realpath(path.resolve(resolved));
  };

  const packagesByName = new Map<string, WorkspacePackage>();
  for (const pkg of workspacePackages) if (pkg.name !== undefined) packagesByName.set(pkg.name, pkg);

  /** A workspace package's entry (or subpath) as a source file, from its manifest's source/types/exports/main. */
  const resolveWorkspace = (specifier: string): string | undefined => {
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    const pkg = packagesByName.get(name);
    if (pkg === undefined) return undefined;
    const subpath = specifier.slice(name.length).replace(/^\//, '');
    const m = pkg.manifest;
    const candidates: unknown[] = [];
    const exportsField = m['exports'];
    const exportKey = subpath === '' ? '.' : `./${subpath}`;
    const fromExports = (value: unknown): void => {
      if (typeof value === 'string') candidates.push(value);
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const conditions = value as Record<string, unknown>;
        for (const key of ['source', 'types', 'import', 'module', 'require', 'node', 'default']) if (key in conditions) fromExports(conditions[key]);
      }
    };
    if (subpath === '') {
      candidates.push(m['source']);
      if (typeof exportsField === 'string') candidates.push(exportsField);
      else if (exportsField !== null && typeof exportsField === 'object') {
        const e = exportsField as Record<string, unknown>;
        fromExports('.' in e ? e['.'] : e);
      }
      candidates.push(m['types'], m['typings'], m['module'], m['main'], 'index');
    } else {
      if (exportsField !== null && typeof exportsField === 'object' && !Array.isArray(exportsField)) {
        fromExports((exportsField as Record<string, unknown>)[exportKey]);
      }
      candidates.push(subpath);
    }
    const fromPkg = path.join(pkg.dir, 'package.json');
    const config = governing(fromPkg);
    for (const candidate of candidates) {
      if (typeof candidate !== 'string' || candidate.includes('*')) continue;
      const abs = path.resolve(pkg.dir, candidate);
      if (!insideRepo(abs)) continue;
      const mapped = outputToSource(abs);
      if (mapped !== undefined) return mapped;
      if (host.fileExists(abs) && isSource(abs)) return abs;
      const viaTs = tsResolve(fromPkg, `./${path.relative(pkg.dir, abs).split(path.sep).join('/')}`, config);
      if (viaTs !== undefined && insideRepo(viaTs)) return outputToSource(viaTs) ?? viaTs;
    }
    return undefined;
  };

  const isBare = (s: string): boolean => !s.startsWith('.') && !path.isAbsolute(s) && !/^[a-z]+:/i.test(s);

  const resolutionCache = new Map<string, string | undefined>();
  const resolveImport = (fromFileArg: string, specifier: string): string | undefined => {
    const fromFile = path.resolve(fromFileArg);
    const config = governing(fromFile);
    const key = `${config.file ?? ''}\0${path.dirname(fromFile)}\0${path.extname(fromFile)}\0${specifier}`;
    if (resolutionCache.has(key)) return resolutionCache.get(key);
    let result: string | undefined;
    const resolved = tsResolve(fromFile, specifier, config);
    const inRepo = resolved !== undefined && insideRepo(resolved) ? resolved : undefined;
    if (inRepo !== undefined && owner.has(inRepo)) {
      result = inRepo;
    } else {
      // Build output (a package's dist/ reached through its manifest) stands for the source it was built from.
      result = inRepo === undefined ? undefined : outputToSource(inRepo);
      if (result === undefined && isBare(specifier)) result = resolveWorkspace(specifier);
      result ??= inRepo;
    }
    resolutionCache.set(key, result);
    return result;
  };

  // importersOf: the names a file can be imported by, searched for in the text of every source file. A relative or
  // wildcard-alias specifier holds the file's base name (or, for an index file, its folder's name); a package name or
  // an exact alias names the file only when it resolves to it.
  const searchTokens = (file: string): string[] => {
    const tokens = new Set<string>();
    const base = path.basename(file).replace(/(\.d)?\.(m|c)?[jt]sx?$/, '');
    const name = base === 'index' ? path.basename(path.dirname(file)) : base;
    // As a specifier spells it: after a slash (`./assign`, `../platform/assign`) or a quote (a bare name under
    // baseUrl), never as a member (`Object.assign`).
    for (const before of ['/', "'", '"', '`']) tokens.add(`${before}${name}`);
    for (const name of namedBy().get(file) ?? []) tokens.add(name);
    return [...tokens].filter((t) => t.length > 0);
  };
  // The files a package name or an exact alias of `paths` resolves to, each with those names: resolved once per run,
  // not once per module asked about.
  let names: Map<string, string[]> | undefined;
  const namedBy = (): Map<string, string[]> => {
    if (names !== undefined) return names;
    const found = new Map<string, string[]>();
    const add = (file: string | undefined, name: string) => {
      if (file !== undefined) found.set(file, [...(found.get(file) ?? []), name]);
    };
    for (const pkg of workspacePackages) {
      if (pkg.name === undefined) continue;
      const entry = resolveWorkspace(pkg.name);
      if (entry !== undefined && isWithin(pkg.dir, entry)) add(entry, pkg.name);
    }
    for (const config of configList) {
      const fromConfigDir = path.join(config.dir, '__importer__.ts');
      for (const alias of Object.keys(config.options.paths ?? {})) if (!alias.includes('*')) add(resolveImport(fromConfigDir, alias), alias);
    }
    return (names = found);
  };

  // What each file imports, scanned once: a common token (`api`, `assign`) matches many files, and a run asks for the
  // importers of many modules.
  const importsOf = new Map<string, ReadonlySet<string>>();
  // The last segment of every specifier each file spells (`../platform/assign.js` gives `assign`), read once with a
  // cheap pattern: a module is asked about by name, and only the files that spell that name are resolved.
  let bySegment: Map<string, Set<string>> | undefined;
  const segmentOf = (specifier: string): string => {
    const last = specifier.replace(/\/+$/, '').split('/').pop() ?? '';
    return last.replace(/(\.d)?\.(m|c)?[jt]sx?$/, '');
  };
  const indexSegments = (readText: (f: string) => string): Map<string, Set<string>> => {
    const index = new Map<string, Set<string>>();
    const spelled = /\b(?:from|import|require)\s*\(?\s*(['"`])([^'"`\n]+)\1/g;
    for (const candidate of sourceFiles) {
      for (const match of readText(candidate).matchAll(spelled)) {
        const segment = segmentOf(match[2]!);
        let files = index.get(segment);
        if (files === undefined) index.set(segment, (files = new Set()));
        files.add(candidate);
      }
    }
    return index;
  };
  const importersOf = (fileArg: string, readText: (f: string) => string): readonly string[] => {
    const file = path.resolve(fileArg);
    const tokens = searchTokens(file);
    bySegment ??= indexSegments(readText);
    const base = path.basename(file).replace(/(\.d)?\.(m|c)?[jt]sx?$/, '');
    // An index module is also `.`, `..`, or its folder's name; an alias or a package name is searched in full.
    const segments = base === 'index' ? ['index', path.basename(path.dirname(file)), '.', '..', ''] : [base];
    const spelledBy = new Set(segments.flatMap((segment) => [...(bySegment!.get(segment) ?? [])]));
    const aliases = tokens.filter((token) => !/^['"`/]/.test(token));
    const importers: string[] = [];
    for (const candidate of sourceFiles) {
      if (candidate === file) continue;
      let targets = importsOf.get(candidate);
      if (targets === undefined) {
        if (!spelledBy.has(candidate)) {
          if (aliases.length === 0) continue;
          const text = readText(candidate);
          if (!aliases.some((t) => text.includes(t))) continue;
        }
        const text = codeOf(candidate, readText(candidate));
        // Every import of the file resolved once: the files it imports, whichever module is asked about next.
        const resolved = new Set<string>();
        for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
          const target = resolveImport(candidate, ref.fileName);
          if (target !== undefined) resolved.add(target);
        }
        targets = resolved;
        importsOf.set(candidate, targets);
      }
      if (targets.has(file)) importers.push(candidate);
    }
    return importers;
  };

  // Type projects: one per config, each resolving modules through resolveImport first so that workspace packages
  // are read from source as everywhere else.
  const typeProjects = new Map<Config, Project>();
  const typeProjectFor = (fileArg: string): Project => {
    const file = path.resolve(fileArg);
    const config = governing(file);
    let project = typeProjects.get(config);
    if (project === undefined) {
      const resolutionHost = (_moduleHost: ts.ModuleResolutionHost, getOptions: () => ts.CompilerOptions) => ({
        resolveModuleNames: (moduleNames: string[], containingFile: string): (ts.ResolvedModuleFull | undefined)[] =>
          moduleNames.map((name) => {
            const local = resolveImport(containingFile, name);
            if (local !== undefined) {
              return { resolvedFileName: local, extension: extensionOf(local), isExternalLibraryImport: false };
            }
            const opts = getOptions();
            const mode = ts.getImpliedNodeFormatForFile(containingFile, config.cache.getPackageJsonInfoCache(), host, opts);
            return ts.resolveModuleName(name, containingFile, opts, host, config.cache, undefined, mode).resolvedModule;
          }),
      });
      project =
        config.file !== undefined
          ? new Project({ tsConfigFilePath: config.file, skipAddingFilesFromTsConfig: true, resolutionHost })
          : new Project({ compilerOptions: config.options, resolutionHost });
      typeProjects.set(config, project);
    }
    if (project.getSourceFile(file) === undefined && project.addSourceFileAtPathIfExists(file) !== undefined) {
      project.resolveSourceFileDependencies();
    }
    return project;
  };

  return {
    found,
    configs: configList.map((c) => c.file as string),
    sourceFiles,
    configOf: (file) => owner.get(path.resolve(file))?.file,
    resolveImport,
    importersOf,
    typeProjectFor,
    configErrors,
  };
}

/** The code of a file: a component's script blocks, with everything else blanked; any other file as it is. */
function codeOf(file: string, text: string): string {
  if (componentKindOf(file) === undefined) return text;
  return blankOutside(text, componentScripts(text, file).units.flatMap((unit) => unit.blocks));
}

function extensionOf(file: string): ts.Extension {
  if (/\.d\.mts$/.test(file)) return ts.Extension.Dmts;
  if (/\.d\.cts$/.test(file)) return ts.Extension.Dcts;
  if (/\.d\.ts$/.test(file)) return ts.Extension.Dts;
  const ext = path.extname(file);
  const byExt: Record<string, ts.Extension> = {
    '.ts': ts.Extension.Ts,
    '.tsx': ts.Extension.Tsx,
    '.mts': ts.Extension.Mts,
    '.cts': ts.Extension.Cts,
    '.js': ts.Extension.Js,
    '.jsx': ts.Extension.Jsx,
    '.mjs': ts.Extension.Mjs,
    '.cjs': ts.Extension.Cjs,
    '.json': ts.Extension.Json,
  };
  return byExt[ext] ?? ts.Extension.Ts;
}

/** The deepest folder holding every file of the list. */
function commonDir(files: readonly string[]): string | undefined {
  const first = files[0];
  if (first === undefined) return undefined;
  let dir = path.dirname(first);
  for (const file of files) {
    while (!isWithin(dir, file)) {
      const up = path.dirname(dir);
      if (up === dir) return dir;
      dir = up;
    }
  }
  return dir;
}


export { ProjectAnalysis, type ParseFile, type ProjectAnalysisResult, type ProjectFile, type ProjectInput } from './analysis.js';
