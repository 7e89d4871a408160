/**
 * What migrating a file gives: its new text, the edits that make it, and a report of each deprecated call. The CLI's
 * reports, the jscodeshift transform and the component splicer read these.
 */
import type { AnalysisOptions, Outcome, TextEdit } from '@app-assignment/core';
import type { UnreadPart } from '@app-assignment/core/components';
import type { ParsedSource } from '@app-assignment/core/parse';
import type { ParserName } from './parse.js';

/** What happened at one deprecated call; line and column (1-based) are those of the call in the input. */
export interface SiteReport {
  readonly line: number;
  readonly column: number;
  /**
   * `call`: a call of the deprecated operation; `caller`: a call of a wrapper, which sends the request from its own
   * code (`via` says where); a project analysis finds them. `mock`: a test's mock or assertion of the request (msw,
   * nock, axios-mock-adapter, fetch-mock, `toHaveBeenCalledWith`), rewritten when every call it stands for was.
   */
  readonly kind: 'call' | 'caller' | 'mock';
  /**
   * A caller that goes with its wrapper: it passes neither the route nor the body and nothing in its file changes, and
   * it is migrated with the wrapper or left for the wrapper's own reasons (the comment at the wrapper says them; this
   * call gets none). Reports for people and the ESLint rule leave such callers out; the JSON report lists them (core's
   * `goesWithWrapper`).
   */
  readonly withWrapper?: true;
  /**
   * Project mode: the files (relative to the project's root) whose changes this call's rewrite goes with, when they
   * are more than its own: written together or not at all. The ESLint rule offers no fix for such a call.
   */
  readonly together?: readonly string[];
  /** A wrapper's own request: how many calls of the wrapper go with it (`withWrapper`), which it speaks for. */
  readonly withCallers?: number;
  /**
   * The client library the call goes through, as the analysis named it (`unresolved`, `configured` included); for a
   * mock, the library it is written with (`msw`, `nock`, `axios-mock-adapter`, `fetch-mock`, `assertion`).
   */
  readonly client: string;
  /** What the analysis decided, after this module's own fallbacks (an overlap, a rewrite that does not parse). */
  readonly outcome: Outcome;
  /** The call was rewritten (or would be, in a dry run). */
  readonly migrated: boolean;
  /** Why a person must look: the reasons of a TODO, or the notes of a migration that still needs a review. */
  readonly reasons: readonly SiteReason[];
  /** The reasons in one line, as the TODO comment says them; absent when there are none. */
  readonly reason?: string;
  /** The wrapper chain that leads to the deprecated request (where each followed call is, outermost first); empty
   * when the call makes the request itself, and whenever each file is read alone. */
  readonly via: readonly { readonly path: string; readonly line: number }[];
}

/** One reason: its code in the catalogue, the body key it is about, and its text. */
export interface SiteReason {
  readonly code: string;
  readonly key?: string;
  readonly text: string;
}

export interface MigrateResult {
  readonly output: string;
  readonly changed: boolean;
  readonly sites: readonly SiteReport[];
  /** The edits that make `output` of the input (a component's script units are spliced into the file with them). */
  readonly edits: readonly TextEdit[];
  /** Parts of the file not read (a component's external or foreign-language script, the route in its markup). */
  readonly unread?: readonly UnreadPart[];
}

/** A parser of the core's shape: `parseFile` (oxc-parser, else typescript-estree), or one of them for a comparison. */
export type Parse = (text: string, filename: string, options?: AnalysisOptions) => ParsedSource;

/** The result of migrating one file, as a worker sends it back. */
export interface FileOutcome {
  readonly path: string;
  readonly output?: string;
  readonly changed?: boolean;
  readonly sites?: readonly SiteReport[];
  readonly error?: string;
  /** Why the file was not parsed or analysed (nested too deeply): reported as skipped and unparsable. */
  readonly skipped?: string;
  /** The parser the process that migrated the file loaded, and its warning, if any. */
  readonly parser?: ParserName;
  readonly parserWarning?: string;
}
