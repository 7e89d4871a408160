/**
 * What a front end hands the recognizer for one file: the text, its comments and tokens, a way to get the scope
 * of a node, and the user's options. ESLint builds it from `context.sourceCode`; the codemod from its own parse.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { PlanOptions } from '../plan/plan.js';
import type { ScopeLike, VariableLike } from './scope.js';

/** A function or method the user's code calls the deprecated operation through. */
export interface ClientConfig {
  /** A function name or member path as written at the call: `callApi`, `api.request`, `sdk.apps.assign`. */
  readonly callee: string;
  /** Index of the argument that holds the URL (calls that take a URL). */
  readonly url?: number;
  /** Index of the argument that holds the app code (SDK methods that build the URL themselves). */
  readonly appCode?: number;
  /** Index of the argument that holds the body object. */
  readonly body?: number;
}

/** Another path under which the deprecated operation is reached (a gateway, a proxy). */
export interface RouteConfig {
  /** The path with one `{id}` segment, e.g. `/gateway/apps/{id}/assign`. */
  readonly path: string;
  /** Where the same gateway serves `POST /v3/apps/app_assignments`; without it, calls are reported, not rewritten. */
  readonly v3Path?: string;
}

export interface AnalysisOptions extends PlanOptions {
  readonly clients: readonly ClientConfig[];
  readonly routes: readonly RouteConfig[];
  /**
   * `follow` (default): a call and the tests' mocks that stand for it are one group; a call whose mock cannot follow
   * it to v3 stays on the deprecated route with it. `ignore`: the code moves first, and such a mock keeps its TODO.
   */
  readonly tests?: 'follow' | 'ignore';
}

export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = { builtIn: 'keep', clients: [], routes: [] };

/** A node, with the context of the file it belongs to: what crosses from one file (or one call) to another. */
export interface Bound {
  readonly node: TSESTree.Node;
  readonly ctx: SourceContext;
}

/** The `new C(...)` that made the instance a followed method runs on, and the class it makes. */
export interface Receiver {
  readonly made: TSESTree.NewExpression;
  readonly ctx: SourceContext;
  readonly cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression;
}

/**
 * Facts from other files. Per-file analysis has none; a project analysis (a program, a ts-morph project, an ESLint
 * run with type information) supplies them. Core asks only in plain terms ("what does this import stand for?"), so it
 * does not depend on where the answer comes from.
 */
export interface ProjectFacts {
  /**
   * What the name `imported` ('default', or a named export) of the module `source`, imported by the file of `from`,
   * stands for: the exported declaration's value (a function, a class, a variable's initializer), with the context of
   * its file. Undefined for packages and for anything the project cannot see.
   */
  resolveImport(source: string, imported: string, from: SourceContext): Bound | undefined;
  /**
   * Whether any file of the program matches: setup that changes how every call of a client sends its body (axios
   * defaults or interceptors set in an app's bootstrap module) is seen wherever it is written.
   */
  anyFileMatches?(pattern: RegExp): boolean;
  /**
   * The files of the program whose text matches, parsed, each with its context: client setup (axios defaults and
   * interceptors) is read in them once per program and tied to the client it changes (`clients/setup.ts`).
   */
  filesMatching?(pattern: RegExp): readonly { readonly program: TSESTree.Program; readonly ctx: SourceContext }[];
  /**
   * The texts of the program's files that match, not parsed: where only whether another file says something matters
   * (a write of a field anywhere), asking this costs a text search, where `filesMatching` parses every match.
   */
  textsMatching?(pattern: RegExp): readonly string[];
  /**
   * The modules of the program, other than the file of `from`, whose text holds every one of `words`, each with a
   * specifier that imports it from that file (one that resolves back to the module). A declaration known only by its
   * shape (a v3 body type) is found this way; core still asks `resolveImport` whether the specifier names it.
   */
  modulesWith?(words: readonly string[], from: SourceContext): readonly ModuleFound[];
  /**
   * Whether the file (by its id) belongs to a package that others install (its package.json is not private and names
   * an entry): the callers of its functions are not all in the program, and the reason a wrapper is held back says so.
   */
  installable?(file: string): boolean;
}

/** A module of the program, and how the file that asked imports it. */
export interface ModuleFound {
  readonly specifier: string;
  readonly program: TSESTree.Program;
  readonly ctx: SourceContext;
}

/**
 * While a call is followed into the function it calls, each parameter of that function stands for the argument the
 * call passes (in the caller's context). An absent argument is bound to `undefined`.
 */
export type Bindings = ReadonlyMap<VariableLike, Bound | 'absent'>;

export interface SourceContext {
  readonly text: string;
  /** The file's id in a project analysis (a project-relative path): edits and reports name it. Absent per file. */
  readonly file?: string;
  /** Facts from other files; absent in per-file analysis. */
  readonly project?: ProjectFacts;
  /** Parameters bound to a caller's arguments; absent outside a followed call. */
  readonly bindings?: Bindings;
  /**
   * In a method followed from a call on an instance (`client.assign(...)` with `client = new PlatformClient(http)`):
   * the `new` expression that made the instance, so that `this.http` can be read from its arguments.
   */
  readonly receiver?: Receiver;
  /**
   * In a method a class inherits, followed from a call through `this` in that class (`this.request(...)` in
   * `class AppsApi extends BaseApi`): that class, whose fields and `super(...)` arguments are what `this` holds.
   */
  readonly self?: { readonly node: TSESTree.ClassDeclaration | TSESTree.ClassExpression; readonly ctx: SourceContext };
  readonly comments: readonly TSESTree.Comment[];
  /** String tokens decide the file's quote style; optional, single quotes without them. */
  readonly tokens?: readonly TSESTree.Token[];
  /** The innermost scope that holds a node. */
  getScope(node: TSESTree.Node): ScopeLike;
  readonly options: AnalysisOptions;
  /**
   * The text of the snapshot file that vitest and jest keep for this file (`__snapshots__/<name>.snap` beside it), for
   * an assertion that compares what a mock recorded with a snapshot; undefined when there is none, or where the front
   * end reads no file.
   */
  snapshot?(): string | undefined;
}
