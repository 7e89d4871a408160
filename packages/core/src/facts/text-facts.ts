/**
 * Facts about a whole file that every call of the file asks for (its line ending, whether a pattern occurs in it,
 * its quote style): computed once per file rather than once per call, so that a file's cost grows with its calls,
 * not with their square (a generated file of thousands of calls).
 */
import type { TSESTree } from '@typescript-eslint/types';

/**
 * The last few texts asked about, each with its facts. Texts are keyed by the string itself: the analysis passes one
 * string object around for a file, so a lookup costs one hash, computed once per string. A handful of texts is
 * enough (one file, and the few files a followed call reads); the oldest is dropped first, so memory stays bounded in
 * a long ESLint process.
 */
const MAX_TEXTS = 16;
const byText = new Map<string, Map<unknown, unknown>>();

function factsOf(text: string): Map<unknown, unknown> {
  let facts = byText.get(text);
  if (facts === undefined) {
    if (byText.size >= MAX_TEXTS) byText.delete(byText.keys().next().value!);
    facts = new Map();
    byText.set(text, facts);
  }
  return facts;
}

/** Whether `pattern` (without the `g` or `y` flag, whose `test` keeps state) matches somewhere in `text`. */
export function textMatches(text: string, pattern: RegExp): boolean {
  const facts = factsOf(text);
  let found = facts.get(pattern) as boolean | undefined;
  if (found === undefined) {
    found = pattern.test(text);
    facts.set(pattern, found);
  }
  return found;
}

const CRLF = /\r\n/;

/** The file's line ending: CRLF when any line ends so, else LF. */
/** The 1-based line of an offset in a text. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export function lineEndingOf(text: string): '\r\n' | '\n' {
  return textMatches(text, CRLF) ? '\r\n' : '\n';
}

/** How many string literals of a file open with each quote. */
export interface QuoteCounts {
  readonly single: number;
  readonly double: number;
}

const quotesOfTokens = new WeakMap<readonly TSESTree.Token[], QuoteCounts>();
const quotesOfPrograms = new WeakMap<TSESTree.Node, QuoteCounts>();

/**
 * The quotes of a file's strings: from its String tokens when the parser gave tokens, else from the string literals of
 * the program that holds `node` (a parser without tokens, such as oxc: the same strings, as every String token is a
 * string Literal, apart from JSX attribute values, which are JSXText tokens).
 */
export function fileQuotes(node: TSESTree.Node, tokens: readonly TSESTree.Token[] | undefined): QuoteCounts {
  if (tokens !== undefined) {
    let counts = quotesOfTokens.get(tokens);
    if (counts === undefined) {
      counts = countQuotes(tokens.filter((token) => token.type === 'String').map((token) => token.value));
      quotesOfTokens.set(tokens, counts);
    }
    return counts;
  }
  let root: TSESTree.Node = node;
  while (root.parent !== undefined) root = root.parent;
  let counts = quotesOfPrograms.get(root);
  if (counts === undefined) {
    counts = countQuotes(stringLiterals(root));
    quotesOfPrograms.set(root, counts);
  }
  return counts;
}

function countQuotes(raws: readonly string[]): QuoteCounts {
  let single = 0;
  let double = 0;
  for (const raw of raws) {
    if (raw.startsWith('"')) double++;
    else if (raw.startsWith("'")) single++;
  }
  return { single, double };
}

/** The raw text of every string literal under `root`, JSX attribute values left out. */
function stringLiterals(root: TSESTree.Node): string[] {
  const found: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    if (record.type === 'Literal' && typeof record.value === 'string') found.push(record.raw as string);
    for (const key of Object.keys(record)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'comments' || key === 'tokens') continue;
      if (key === 'value' && record.type === 'JSXAttribute') continue;
      stack.push(record[key]);
    }
  }
  return found;
}

/**
 * How deeply nested a file may be for the toolkit to parse and analyse it. Parsers and tree walkers recurse once or
 * more per level: oxc-parser's native code overflows its stack (a crash no `catch` sees: the process ends) near 12,000
 * levels of object literals on an 8 MiB stack, less on a smaller one; typescript-estree, scope-manager and the analysis
 * throw `RangeError` between about 350 and 2,600 levels. Code a person writes stays far below this limit.
 */
export const MAX_NESTING_DEPTH = 500;

/**
 * The deepest nesting of `(`, `[`, `{` and template substitutions in `text`, read in one pass that skips strings,
 * template text, comments and regular expression literals (told from division by the token before them, as
 * tokenizers do). Type arguments count too: a `<` right after a name (`Array<`) opens one and a `>` closes it, until a
 * line, a statement, a parenthesis, a `?` or an assignment ends them (so that the comparisons of minified code,
 * `a<b?c:d,e=f<g`, leave no depth behind; the deepest point is counted before any of those). Stops counting once `stopAbove` is passed.
 * Nesting that takes no bracket (`a ? b : c ? …`, `else if` chains, unary operators) is not counted.
 */
export function nestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  // Each open bracket: true when it is a template substitution, whose `}` resumes the template's text.
  const open: boolean[] = [];
  let deepest = 0;
  // Type arguments open on this line or statement.
  let angles = 0;
  // The last significant character, to tell a regular expression from a division.
  let last = 0;
  let lastWord = '';
  const n = text.length;
  let i = 0;
  const inTemplate = (): void => {
    // From after a backtick (or a substitution's closing brace) to the closing backtick or the next `${`.
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 92 /* \ */) i += 2;
      else if (c === 96 /* ` */) {
        i++;
        last = 96;
        return;
      } else if (c === 36 /* $ */ && text.charCodeAt(i + 1) === 123 /* { */) {
        i += 2;
        open.push(true);
        if (open.length + angles > deepest) deepest = open.length + angles;
        last = 123;
        return;
      } else i++;
    }
  };
  while (i < n && deepest <= stopAbove) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123 /* ( [ { */) {
      if (c === 40) angles = 0;
      open.push(false);
      if (open.length + angles > deepest) deepest = open.length + angles;
      last = c;
      i++;
    } else if (c === 60 /* < */ && i > 0 && isWordChar(text.charCodeAt(i - 1))) {
      angles++;
      if (open.length + angles > deepest) deepest = open.length + angles;
      last = c;
      i++;
    } else if (c === 62 /* > */ && angles > 0) {
      angles--;
      last = c;
      i++;
    } else if (c === 59 /* ; */ || c === 10 || c === 13 || c === 63 /* ? */ || (c === 61 /* = */ && text.charCodeAt(i + 1) !== 62)) {
      angles = 0;
      if (c !== 10 && c !== 13) last = c;
      i++;
    } else if (c === 41 || c === 93 /* ) ] */) {
      if (c === 41) angles = 0;
      open.pop();
      last = c;
      i++;
    } else if (c === 125 /* } */) {
      i++;
      if (open.pop() === true) inTemplate();
      else last = c;
    } else if (c === 34 || c === 39 /* " ' */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92) i += 2;
        else if (d === c || d === 10 || d === 13) {
          i++;
          break;
        } else i++;
      }
      last = c;
    } else if (c === 96) {
      i++;
      inTemplate();
    } else if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const end = text.indexOf('\n', i);
        i = end === -1 ? n : end;
      } else if (next === 42 /* * */) {
        const end = text.indexOf('*/', i + 2);
        i = end === -1 ? n : end + 2;
      } else if (startsRegex(last, lastWord)) {
        i++;
        let inClass = false;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 92) i += 2;
          else if (d === 10 || d === 13) break;
          else {
            i++;
            if (d === 91) inClass = true;
            else if (d === 93) inClass = false;
            else if (d === 47 && !inClass) break;
          }
        }
        last = 41; // a regular expression is a value: a `/` after it divides
        lastWord = '';
      } else {
        last = c;
        i++;
      }
    } else if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(text.charCodeAt(i))) i++;
      lastWord = text.slice(start, i);
      last = 65; // a word
    } else {
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) {
        last = c;
        lastWord = '';
      }
      i++;
    }
  }
  return deepest;
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c > 127;
}

/** Keywords after which a `/` starts a regular expression, not a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

function startsRegex(last: number, lastWord: string): boolean {
  if (last === 0) return true;
  if (last === 65) return REGEX_AFTER_WORD.has(lastWord);
  // After a value (`)`, `]`, `}` of a block is ambiguous: a division is the safer reading there) a `/` divides.
  return last !== 41 && last !== 93 && last !== 125 && last !== 34 && last !== 39 && last !== 96;
}
