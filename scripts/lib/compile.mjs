/**
 * The real TypeScript compiler (the sample app's own) run over a tsconfig as `tsc -p` runs it, in this process: every
 * error fails, with the compiler's words. The declaration files of TypeScript and of the installed clients, which the
 * tests' projects share unchanged, are parsed once for all of them, where a `tsc` process per project parsed them
 * each time.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'sample-app', 'node_modules');

/** Declaration files of node_modules parsed by an earlier compile, by name and language version. */
const sharedDeclarations = new Map();
let loaded;
const typescript = () => (loaded ??= createRequire(join(CLIENTS, '.package.json'))('typescript'));

/** Compiles (and emits, unless the config says noEmit) the project of `configPath`; throws with the diagnostics. */
export function compileConfig(configPath) {
  const ts = typescript();
  const dir = dirname(configPath);
  const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' };
  const fail = (diagnostics) => new Error(`tsc failed in ${dir}:\n${ts.formatDiagnostics(diagnostics, formatHost)}`);
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw fail([diagnostic]);
    },
  });
  if (parsed === undefined) throw new Error(`tsc failed in ${dir}: the config cannot be read`);
  if (parsed.errors.length > 0) throw fail(parsed.errors);
  const host = ts.createCompilerHost(parsed.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, onError, shouldCreate) => {
    // Only installed files outside the project: the project's own sources are what is being compiled.
    if (fileName.startsWith(dir + sep) || !fileName.split(/[\\/]/).includes('node_modules')) return read(fileName, version, onError, shouldCreate);
    const key = `${fileName}\0${typeof version === 'object' ? `${version.languageVersion}:${version.impliedNodeFormat}` : version}`;
    let file = sharedDeclarations.get(key);
    if (file === undefined) {
      file = read(fileName, version, onError, shouldCreate);
      if (file !== undefined) sharedDeclarations.set(key, file);
    }
    return file;
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host, projectReferences: parsed.projectReferences });
  const emitted = program.emit();
  const errors = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0 || (emitted.emitSkipped && parsed.options.noEmit !== true)) throw fail(errors);
}
