/**
 * Vue, Svelte and Astro files: their script blocks (and Astro's frontmatter) are migrated as modules, each unit read
 * with the file's own offsets (core's `componentScripts`), and their edits made in the file, where nothing outside the
 * blocks changes: template, styles and line endings keep every byte. What is not read (an external script, a language
 * the parsers do not read, the route in the markup) is named in the result.
 */
import { type AnalysisOptions, applyEdits, type FunctionUses, type TextEdit } from '@app-assignment/core';
import { changesOnlyScripts, componentKindOf, componentScripts, componentUses, type ScriptUnit } from '@app-assignment/core/components';
import { SourceSyntaxError } from '@app-assignment/core/parse';
import { parsesFile } from './parse.js';
import type { MigrateResult, Parse, SiteReport } from './results.js';

/** How one module's text is migrated (migrate.ts's `migrateText`): each script unit is such a module. */
export type MigrateModule = (text: string, filename: string, options: AnalysisOptions, parse: Parse, uses: FunctionUses) => MigrateResult;

/** `migrateText` for a component file: each unit migrated as a module, the edits made in the file. */
export function migrateComponent(text: string, filename: string, options: AnalysisOptions, parse: Parse, migrateModule: MigrateModule): MigrateResult {
  const scripts = componentScripts(text, filename);
  const edits: TextEdit[] = [];
  const sites: SiteReport[] = [];
  for (const unit of scripts.units) {
    const result = migrateModule(unit.text, unit.filename, options, parse, componentUses(text, filename));
    const outside = result.edits.find((edit) => !insideUnit(edit, unit));
    if (outside !== undefined) {
      const at = lineAndColumn(text, outside.range[0]);
      throw new SourceSyntaxError(`an edit would fall outside the ${unit.blocks[0]!.tag} block; nothing in this file was changed`, at.line, at.column);
    }
    edits.push(...result.edits);
    sites.push(...result.sites);
  }
  sites.sort((a, b) => a.line - b.line || a.column - b.column);
  const output = applyEdits(text, edits);
  if (output !== text && !changesOnlyScripts(text, output, filename)) {
    throw new SourceSyntaxError('the rewrite would change the file outside its script blocks; nothing in this file was changed', 1, 1);
  }
  return { output, changed: output !== text, sites, edits, ...(scripts.unread.length === 0 ? {} : { unread: scripts.unread }) };
}

function insideUnit(edit: TextEdit, unit: ScriptUnit): boolean {
  return unit.blocks.some((block) => edit.range[0] >= block.start && edit.range[1] <= block.end);
}

/**
 * The text a component file's analysis reads in project mode: its script units together (a Vue or Svelte file is one
 * unit; Astro's frontmatter and scripts are separate modules, and only the frontmatter is read with the others, since
 * a client script imports nothing a server module exports and is migrated in file mode alone).
 */
export function projectUnitOf(text: string, filename: string): ScriptUnit | undefined {
  return componentScripts(text, filename).units[0];
}

/**
 * Whether a file's new text can be written: it parses, and for a component, every byte outside its script blocks is
 * the same and every unit parses.
 */
export function canWrite(before: string, after: string, filename: string): boolean {
  if (componentKindOf(filename) === undefined) return parsesFile(after, filename);
  if (!changesOnlyScripts(before, after, filename)) return false;
  return componentScripts(after, filename).units.every((unit) => parsesFile(unit.text, unit.filename));
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n?|[\n\u2028\u2029]/);
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
