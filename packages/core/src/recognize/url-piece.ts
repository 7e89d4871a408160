/**
 * A URL read into pieces (url.ts): text known from the source, with the range it can be edited at, and expressions
 * known only at run time; and the one edit that turns the deprecated route into the v3 one.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Bound, SourceContext } from '../facts/context.js';

/** Where a piece of text can be edited: at the call itself, or in the initializer of a const used only there. */
export type Region = TSESTree.Node | null;

export type UrlPiece =
  | {
      readonly kind: 'text';
      readonly value: string;
      /** The source offset of the first character of `value`, when the source spells it one to one. */
      readonly start: number | null;
      readonly region: Region;
      /** The file the text is written in. */
      readonly ctx: SourceContext;
      /** Set when the text is (part of) the value of a constant named at this place (a base constant). */
      readonly viaConstant?: TSESTree.Identifier | TSESTree.MemberExpression;
      /**
       * Set when the text is the whole value of the names that lead to it, outermost first (`${APP}` with
       * `const APP = 'crm'`; a parameter bound to a caller's `'crm'`), so that a name can stand for the text
       * elsewhere. Never set for a piece of a longer constant (`const url = ...`).
       */
      readonly whole?: readonly Bound[];
      /** With `whole`: where the outermost name is written, which an edit around it removes with it. */
      readonly at?: Region;
      /** Set when the text comes from what a function of the program returns (a URL builder): `assignAppUrl(code)`. */
      readonly builtBy?: TSESTree.CallExpression;
      /**
       * Set when the library that builds the text checks the values it fills in and throws before anything is sent
       * (path-to-regexp's compiled function: an empty code, a number, one that does not match the parameter), and
       * those values are not known here to pass: the v3 path, which fills in nothing, would drop the check.
       */
      readonly checkedBy?: 'compile';
      /**
       * Set when the text is a caller's argument that the helper it is passed to uses besides sending it (keeps it in
       * an error it throws, reads it, passes it on): where that use is, `send (src/http.ts:51)`. Rewritten at the
       * caller, the URL would change that use too.
       */
      readonly usedByHelper?: string;
      /** With `builtBy`, on every piece of what the builder returned: where its call is written (see `Builder`). */
      readonly builder?: Builder;
      /** Set when the text comes from a client's base URL (axios baseURL, ky/got prefixUrl). */
      readonly fromClientBase?: true;
      /** With `fromClientBase`: the client sends an absolute URL as it is, without the base (axios). */
      readonly absoluteUrlWins?: true;
      /**
       * Set when the text is the path of `new URL(path, base)` (`/platform/v1/…`, against a base that gives the origin):
       * the URL made holds the base's origin too, which the text alone does not show.
       */
      readonly againstBase?: true;
      /** The string literal or template literal that spells the text. */
      readonly owner?: TSESTree.Node;
      /** The text of a number: `+` with another number adds, it does not join. */
      readonly numeric?: true;
      /** Set when the text is a part of `urljoin(...)`: an edit may span from one part to another (url-libraries.ts). */
      readonly joinedBy?: TSESTree.CallExpression;
      /** An edit that goes with any rewrite of the route this piece is part of (urlcat's params, once the id is gone). */
      readonly dropWith?: UrlEdit;
    }
  | {
      readonly kind: 'expr';
      readonly node: TSESTree.Expression;
      readonly region: Region;
      readonly ctx: SourceContext;
      /** A member of a map or enum of the program that may change or holds no string code name (`AppCode.Numeric`). */
      readonly notConstant?: true;
      /**
       * The texts the expression may hold, as far as the source says: `process.env.BASE ?? 'https://…/platform/v1'`
       * holds the literal on some machines and anything on others. A route found in one is reported, never rewritten.
       */
      readonly variants?: readonly (readonly UrlPiece[])[];
      /** With `variants`: the one URL the parts make at run time (joined, normalised), read to find the route, never edited. */
      readonly assembled?: true;
      readonly dropWith?: UrlEdit;
      readonly builder?: Builder;
    };

/**
 * A call of a URL builder shared with other calls (`assignPath({ code })`), as this call's URL reads it: the builder
 * is never edited for one call, but the call of it, where this call alone reads it, may be replaced whole by the v3
 * path when it builds nothing but the route.
 */
export interface Builder {
  readonly call: TSESTree.CallExpression;
  /** Where the builder's call can be edited (null: a const other calls share). */
  readonly region: Region;
  readonly ctx: SourceContext;
  /**
   * The builder returns `new URL(path, base)` (or its `href`): what it builds holds the base's origin, which the v3
   * path written in place of its call would lose.
   */
  readonly withBase?: true;
}

export interface UrlEdit {
  readonly range: readonly [number, number];
  readonly text: string;
  readonly ctx: SourceContext;
}
