/**
 * Single-file components (Vue, Svelte, Astro): where their code is, so that a front end that reads files itself (the
 * codemod, the project analysis) reads it as modules. ESLint needs none of this: the framework's own ESLint parser
 * hands the rule the script's tree.
 *
 * Each unit of code is given as the whole file's text with everything outside its blocks blanked out (every character
 * but line breaks becomes a space), so that offsets, lines and columns in it are the file's own: a finding's edits
 * apply to the file as they are, and every byte outside the blocks stays. A `;` stands in the blanked text right
 * before and after each block, so a statement never runs from one block into the next, and a comment for a call on the
 * line of its `<script>` tag goes inside the block, before the call, never above the tag.
 */

import { type FunctionUses, MODULE_USES, nameOf, usesInFile, usesInModule } from '../merge/wrappers.js';

export type ComponentKind = 'vue' | 'svelte' | 'astro';

/** The grammar a block is read with, as a file extension. */
export type BlockGrammar = 'ts' | 'tsx' | 'js' | 'jsx';

/** One block of code: its content's span in the file, and how it is read. */
export interface ScriptBlock {
  /** Offset of the content's first character (after the opening tag or fence). */
  readonly start: number;
  /** Offset right after the content (where the closing tag or fence starts). */
  readonly end: number;
  readonly grammar: BlockGrammar;
  /** The opening tag as written (`<script setup lang="ts">`), or `---` for Astro's frontmatter. */
  readonly tag: string;
  /** 1-based line of the opening tag. */
  readonly line: number;
}

/** Code analysed as one module: the blocks of a Vue or Svelte file together, each Astro block alone. */
export interface ScriptUnit {
  readonly blocks: readonly ScriptBlock[];
  /** The file's text with everything outside the blocks blanked (see above): offsets are the file's. */
  readonly text: string;
  /** The name to parse the unit under: the file's, with the grammar's extension added (`App.vue.ts`). */
  readonly filename: string;
}

/** A part of the file that holds code, or spells the route, and is not read. */
export interface UnreadPart {
  /** 1-based line. */
  readonly line: number;
  /** What the part is, and why it is not read. */
  readonly reason: string;
}

export interface ComponentScripts {
  readonly kind: ComponentKind;
  readonly units: readonly ScriptUnit[];
  readonly unread: readonly UnreadPart[];
}

const COMPONENT = /\.(vue|svelte|astro)$/i;

/** The kind of single-file component a file name says, if it is one. */
export function componentKindOf(filename: string): ComponentKind | undefined {
  return COMPONENT.exec(filename)?.[1]?.toLowerCase() as ComponentKind | undefined;
}

/**
 * Text that spells the deprecated route (`/platform/v1`, or `apps/<id>/assign`): a part of a file that holds it and is
 * not read may hold a call.
 */
export const ROUTE_TEXT = /\/platform\/v1\b|\/apps\/[^\s'"`]*\/assign\b|\/apps\/\$\{[^}]*\}\/assign\b/;

const LANGS: Readonly<Record<string, BlockGrammar>> = { ts: 'ts', typescript: 'ts', tsx: 'tsx', js: 'js', javascript: 'js', jsx: 'jsx' };
/** `type` values of a `<script>` that holds JavaScript; any other (`application/ld+json`, `text/template`) holds data. */
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript', 'text/typescript', 'application/typescript', 'ts']);

/** The script blocks of a component file, grouped in units, and the parts that are not read. */
export function componentScripts(text: string, filename: string): ComponentScripts {
  const kind = componentKindOf(filename);
  if (kind === undefined) throw new Error(`${filename}: not a Vue, Svelte or Astro file`);
  const blocks: ScriptBlock[] = [];
  const unread: UnreadPart[] = [];
  /** Every script element's content, read or not: the route inside one is not "outside the blocks". */
  const elements: { start: number; end: number }[] = [];
  const lines = lineStarts(text);
  let from = 0;
  if (kind === 'astro') {
    const fence = /^(\uFEFF?\s*)---/.exec(text);
    if (fence !== null) {
      const start = fence[0].length;
      const close = /^---/m.exec(text.slice(start));
      // The closing fence starts a line of its own, after the first line break.
      const end = close === null ? -1 : start + close.index;
      if (close === null || end === start) unread.push({ line: lineOf(lines, start), reason: 'frontmatter without a closing --- line' });
      else {
        blocks.push({ start, end, grammar: 'ts', tag: '---', line: lineOf(lines, fence[1]!.length) });
        from = end + 3;
      }
    }
  }
  const tags = /<!--[\s\S]*?(?:-->|$)|<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  tags.lastIndex = from;
  for (let match = tags.exec(text); match !== null; match = tags.exec(text)) {
    if (match[0].startsWith('<!--')) continue;
    const tag = match[0];
    const line = lineOf(lines, match.index);
    const start = match.index + tag.length;
    const closing = /<\/script\s*>/i;
    const close = closing.exec(text.slice(start));
    if (close === null) {
      unread.push({ line, reason: `${tag} has no closing </script> tag` });
      break;
    }
    const end = start + close.index;
    tags.lastIndex = end + close[0].length;
    elements.push({ start, end });
    const attributes = attributesOf(match[1] ?? '');
    const content = text.slice(start, end);
    if (attributes.has('src')) {
      unread.push({ line, reason: `${tag} loads its code from ${attributes.get('src')}: that file is read on its own, if the run reaches it` });
      continue;
    }
    const lang = (attributes.get('lang') ?? '').toLowerCase();
    const type = (attributes.get('type') ?? '').toLowerCase();
    if (lang !== '' && LANGS[lang] === undefined) {
      unread.push({ line, reason: `${tag}: the language ${lang} is not read` });
      continue;
    }
    if (!SCRIPT_TYPES.has(type)) {
      // A block of data (JSON-LD, a template) holds no call; it is named only when it spells the route.
      if (ROUTE_TEXT.test(content)) unread.push({ line, reason: `${tag}: a block of type ${type} is not read as code` });
      continue;
    }
    if (content.trim() === '') continue;
    const grammar = LANGS[lang] ?? (type.includes('typescript') || type === 'ts' ? 'ts' : 'js');
    blocks.push({ start, end, grammar, tag, line });
  }
  // The route spelled outside every block (a template's event handler, markup): code that is not read.
  const covered = (offset: number) => [...blocks, ...elements].some((block) => offset >= block.start && offset < block.end);
  const seenLines = new Set<number>();
  for (const match of text.matchAll(new RegExp(ROUTE_TEXT.source, 'g'))) {
    if (covered(match.index)) continue;
    const line = lineOf(lines, match.index);
    if (seenLines.has(line)) continue;
    seenLines.add(line);
    unread.push({ line, reason: `the route is spelled outside the ${kind === 'astro' ? 'frontmatter and ' : ''}<script> blocks (template or markup), which are not read` });
  }
  unread.sort((a, b) => a.line - b.line);
  const groups = kind === 'astro' ? blocks.map((block) => [block]) : blocks.length === 0 ? [] : [blocks];
  const units = groups.map((group) => {
    const grammar = widest(group.map((block) => block.grammar));
    return { blocks: group, text: blankOutside(text, group), filename: `${filename}.${grammar}` };
  });
  return { kind, units, unread };
}

/** The grammar that reads every block of a unit: TypeScript if any is, with JSX if any has it. */
function widest(grammars: readonly BlockGrammar[]): BlockGrammar {
  const typescript = grammars.some((g) => g === 'ts' || g === 'tsx');
  const jsx = grammars.some((g) => g === 'tsx' || g === 'jsx');
  if (typescript) return jsx ? 'tsx' : 'ts';
  return jsx ? 'jsx' : 'js';
}

/** The text with every character outside the blocks blanked, line breaks kept, and a `;` on each side of each block. */
export function blankOutside(text: string, blocks: readonly Pick<ScriptBlock, 'start' | 'end'>[]): string {
  const sorted = [...blocks].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  const blank = (from: number, to: number) => {
    let part = text.slice(from, to).replace(/[^\r\n\u2028\u2029]/g, ' ');
    // A byte order mark stays the file's first character: the parser counts it as a column, as in the file.
    if (from === 0 && text.startsWith('\uFEFF')) part = `\uFEFF${part.slice(1)}`;
    return part;
  };
  for (const block of sorted) {
    let gap = blank(at, block.start);
    if (gap.length > 0 && gap.endsWith(' ')) gap = `${gap.slice(0, -1)};`;
    if (at > 0 && gap.startsWith(' ')) gap = `;${gap.slice(1)}`;
    out += gap + text.slice(block.start, block.end);
    at = block.end;
  }
  let tail = blank(at, text.length);
  if (at > 0 && tail.startsWith(' ')) tail = `;${tail.slice(1)}`;
  return out + tail;
}

/**
 * Whether `after` is `before` with changes inside the blocks only: the same blocks in the same places (shifted by what
 * the earlier blocks grew), and every byte outside them the same.
 */
export function changesOnlyScripts(before: string, after: string, filename: string): boolean {
  const old = componentScripts(before, filename);
  const now = componentScripts(after, filename);
  const blocksOf = (scripts: ComponentScripts) => scripts.units.flatMap((unit) => unit.blocks).sort((a, b) => a.start - b.start);
  const a = blocksOf(old);
  const b = blocksOf(now);
  if (a.length !== b.length) return false;
  let atA = 0;
  let atB = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.tag !== b[i]!.tag || before.slice(atA, a[i]!.start) !== after.slice(atB, b[i]!.start)) return false;
    atA = a[i]!.end;
    atB = b[i]!.end;
  }
  return before.slice(atA) === after.slice(atB);
}

/**
 * The file's text with its script blocks blanked: the template or markup, whose expressions (`@click="assign(code)"`,
 * `onclick={() => assign(code)}`) call the script's functions where no analysis of the script sees them.
 */
export function markupOf(text: string, filename: string): string {
  const blocks = componentScripts(text, filename).units.flatMap((unit) => unit.blocks).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const block of blocks) {
    out += text.slice(at, block.start) + text.slice(block.start, block.end).replace(/[^\r\n\u2028\u2029]/g, ' ');
    at = block.end;
  }
  return out + text.slice(at);
}

/**
 * Whether a component's markup names any of `names` (or a name one of them is imported under, `{ assign as go }`): a
 * use of a function that its script's analysis cannot see.
 */
export function markupNames(text: string, filename: string, names: readonly string[]): boolean {
  if (componentKindOf(filename) === undefined || names.length === 0) return false;
  const all = new Set(names);
  for (const name of names) for (const match of text.matchAll(new RegExp(`\\b${escape(name)}\\s+as\\s+([\\w$]+)`, 'g'))) all.add(match[1]!);
  const pattern = new RegExp(`(?<![.\\w$])(?:${[...all].map(escape).join('|')})(?![\\w$])`);
  return pattern.test(markupOf(text, filename));
}

/**
 * Who uses a function of a file: for a component, a function its markup names has uses no tree of its script shows, so
 * a wrapper's request is decided as one called from elsewhere (the ESLint rule and the codemod both ask this).
 */
export function componentUses(text: string, filename: string): FunctionUses {
  if (componentKindOf(filename) === undefined) return usesInFile;
  // A component's script is a module: its functions are not globals of a page, only its markup may name them.
  const uses: FunctionUses = (fn, ctx) => {
    const id = nameOf(fn);
    if (id !== undefined && markupNames(text, filename, [id.name])) return 'unknown';
    return usesInModule(fn, ctx);
  };
  MODULE_USES.add(uses);
  return uses;
}

function escape(name: string): string {
  return name.replace(/[$]/g, '\\$&');
}

function attributesOf(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
    found.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|[\n\u2028\u2029]/g)) starts.push(match.index + match[0].length);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}
