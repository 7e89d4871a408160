/**
 * Files that may run the program's code but that no analysis parses: HTML pages (an inline `<script type="module">`
 * imports the program's modules), MDX and Markdown pages, the templates a server renders into pages (EJS, Handlebars,
 * Nunjucks, Liquid, PHP, ERB, Twig, Razor, Jinja), and components (Vue, Svelte, Astro). A function named in one may be
 * called there, with a body nobody reads: its group is held, naming the page's place where it is a page.
 */
import { namePattern } from '../analysis/module-uses.js';

/** Pages, documents and server templates: a use in one is named with its place (`views/admin.ejs:4`). */
export const PAGE_FILE = /\.(?:html?|mdx?|ejs|hbs|handlebars|mustache|njk|nunjucks|liquid|php|phtml|erb|twig|cshtml|razor|jinja2?|j2|eta)$/i;

/** Pages whose text is mostly something else (prose, server code, template logic): only a script block or an import line runs modules. */
const SCRIPTED_ONLY = /\.(?:md|ejs|hbs|handlebars|mustache|njk|nunjucks|liquid|php|phtml|erb|twig|cshtml|razor|jinja2?|j2|eta)$/i;

/** Components: their script is code, but no analysis here parses it. */
const COMPONENT_FILE = /\.(?:vue|svelte|astro)$/i;

/** Whether a file of this name, not read as code, may run the program's code: a page, a document, a template, a component. */
export function isUnreadPage(name: string): boolean {
  return PAGE_FILE.test(name) || COMPONENT_FILE.test(name);
}

/** A text that holds a script block or an import line: a page that can load the program's modules. */
export function runsCode(text: string): boolean {
  return /<script\b|^\s*import\s/m.test(text);
}

const escaped = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a file no analysis parses first names one of `names` (an index into `text`), or undefined when it names none.
 * Its module script may take the function under any of the names its modules export it by, or as a member of a
 * namespace import (`api.assignApp`): no tree here tells that member from another thing's, so any spelling of a name
 * counts there. A source module the run did not parse is read as code is (`namePattern`); a template or a Markdown
 * page counts only with a script block or an import line.
 */
export function unreadNaming(path: string, text: string, names: readonly string[]): number | undefined {
  const words = names.filter((name) => name !== 'default');
  if (words.length === 0 || (SCRIPTED_ONLY.test(path) && !runsCode(text))) return undefined;
  const pattern = isUnreadPage(path) ? new RegExp(`(?<![\\w$])(?:${words.map(escaped).join('|')})(?![\\w$])(?!\\s*:(?!:))`) : namePattern(words);
  return pattern.exec(text)?.index;
}
