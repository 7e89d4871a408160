/**
 * What a front end hands the recognizer for one file: the text, its comments and tokens, a way to get the scope
 * of a node, and the user's options. ESLint builds it from `context.sourceCode`; the codemod from its own parse.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { PlanOptions } from './plan.js';
import type { ScopeLike } from './scope.js';

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
}

export const DEFAULT_ANALYSIS_OPTIONS: AnalysisOptions = { builtIn: 'keep', clients: [], routes: [] };

export interface SourceContext {
  readonly text: string;
  readonly comments: readonly TSESTree.Comment[];
  /** String tokens decide the file's quote style; optional, single quotes without them. */
  readonly tokens?: readonly TSESTree.Token[];
  /** The innermost scope that holds a node. */
  getScope(node: TSESTree.Node): ScopeLike;
  readonly options: AnalysisOptions;
}
