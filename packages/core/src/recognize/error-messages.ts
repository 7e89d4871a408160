/**
 * Whether the message of the language's own `Error` may be read anywhere in the program (project mode): a helper that
 * throws `new Error(\`${method} ${path} -> ${res.status}\`)` hands its URL to whoever catches the error only through
 * that message, so a call through it may be rewritten when no file of the program may read an error's message.
 *
 * Read by text, as the fields of the program's own error classes are (url.ts `paramKeptUnread`), and on the side of
 * holding: a `.message` or `.stack` read of anything, a message destructured, an error made a string (`String(err)`,
 * `` `${err}` ``, `err + ''`, `err.toString()`), handed on (`throw err`, `reject(err)`, `{ cause: err }`, `return err`,
 * an argument of any call but a log line's (`JSON.stringify(err)`, `util.format('%s', err)`), a JSX attribute or an
 * object's shorthand member), a log line of it where a test watches the log (`vi.spyOn(console, 'error')`), an
 * assertion about what is thrown (`toThrow(…)`, `rejects`, `assert.throws`, a snapshot), an error boundary or a global
 * error handler, or a read of every own property; each also through a cast or parentheses (`(err as Error).toString()`).
 * The names an error goes by are the usual ones (`e`, `err`, `error`, `…Error`), every name a `catch` binds in the
 * program and every parameter of a rejection handler (`.catch((problem) => …)`, `.then(onOk, (problem) => …)`),
 * whatever its name. A function value given as a rejection handler (`.then(onOk, String)`, `.catch(report)`) is
 * handed the error: a read, unless it is a log line no test watches. Read file by file, who catches the error cannot
 * be seen: the message is read.
 */
import type { SourceContext } from '../facts/context.js';

/** The usual names of a caught error (as url.ts's deep-equality check knows them). */
const USUAL_NAMES = String.raw`e|ex|err|error|reason|cause|caught|exception|[\w$]*(?:Err|Error)`;

/** The message or the stack read, by member or destructured. */
const MESSAGE_READ = new RegExp([
  String.raw`(?:\?\.|\.)\s*(?:message|stack|reason)\b`,
  String.raw`\[\s*['"\`](?:message|stack)['"\`]\s*\]`,
  String.raw`\b(?:const|let|var)\s*\{[^}]*\b(?:message|stack)\b[^}]*\}\s*=`,
  String.raw`\bcatch\s*\(\s*\{`,
  String.raw`\(\s*\{[^}]*\b(?:message|stack)\b[^}]*\}\s*(?::[^)]*)?\)\s*=>`,
].join('|'));

/**
 * An error's message is an own property that is not enumerable: `JSON.stringify`, `Object.keys/values/entries/assign`,
 * spreads and `for…in` leave it out. What reads every own property (or the message by a key not written as a member,
 * `err['message']`, `key = 'message'`, `toHaveProperty('message')`) reaches it.
 */
const MESSAGE_WHOLESALE = /\bObject\.(?:getOwnPropertyNames|getOwnPropertyDescriptors?)\(|\bReflect\.\w+\(|\bstructuredClone\(|\binspect\(|['"`](?:message|stack)['"`]/;

/** What is thrown, asserted: its message is what such assertions compare, or print. */
const THROWN_ASSERTED = /\b(?:toThrow\w*|rejects|throws|doesNotThrow|doesNotReject|toMatch\w*Snapshot)\b/;

/** An error boundary, or a handler of what nothing else catches, which shows or reports the message. */
const ERROR_HANDLERS = /\b(?:componentDidCatch|getDerivedStateFromError|ErrorBoundary|useErrorBoundary|useRouteError|useAsyncError|errorElement|onError|onerror|unhandledRejection|uncaughtException|unhandledrejection)\b/;

/** A log line watched by a test: its words are what the test asserts. */
const LOG_WATCHED = /\bspyOn\(\s*(?:console|logger|log)\b|\b(?:console|logger)\s*\.\s*\w+\s*=(?!=)|\b(?:vi|jest)\s*\.\s*(?:mock|doMock)\(\s*['"`][^'"`]*log/i;

const LOG_CALL = String.raw`\b(?:console|logger|log)\s*\.\s*(?:log|debug|info|warn|error|trace)\s*\(`;

/** Names of what `catch` binds in a text: `catch (failure)`, `.catch((failure) =>`, `.catch(function (failure)`. */
const CATCH_BINDINGS = /\bcatch\s*\(\s*(?:async\s*)?(?:function\s*[\w$]*\s*)?\(?\s*([A-Za-z_$][\w$]*)/g;

/** Where a promise is handed a rejection handler: `.catch(h)`, `.then(onOk, h)`. */
const HANDLER_CALLS = /\.\s*(then|catch)\s*\(/g;

/** What a rejection handler is: the name its first parameter binds, or a function value. */
type Handler = { param: string } | { value: string };

/** A log function given as a handler (`.catch(console.error)`): a log line of the error. */
const LOG_FUNCTION = /^(?:console|logger|log)\s*\.\s*(?:log|debug|info|warn|error|trace)$/;

/**
 * The source of the argument at `index` of the call whose `(` ends at `from`, or undefined (fewer arguments, or text
 * this scan cannot follow). Strings, template literals, comments and brackets are skipped; the scan is bounded.
 */
function argumentAt(text: string, from: number, index: number): string | undefined {
  let depth = 0;
  let arg = 0;
  let start = from;
  const templates: number[] = [];
  const end = Math.min(text.length, from + 4000);
  for (let i = from; i < end; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      for (i++; i < end && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth)) {
      if (c === '}') templates.pop();
      for (i++; i < end && text[i] !== '`'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '$' && text[i + 1] === '{') { templates.push(depth); i++; break; }
      }
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < end && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return undefined;
      i = close + 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return arg === index ? text.slice(start, i) : undefined;
      depth--;
    } else if (c === ',' && depth === 0) {
      if (arg === index) return text.slice(start, i);
      arg++;
      start = i + 1;
    }
  }
  return undefined;
}

/** The rejection handler given to each `.catch(…)` and `.then(…, …)` of a text. */
function rejectionHandlers(text: string): Handler[] {
  const handlers: Handler[] = [];
  for (const call of text.matchAll(HANDLER_CALLS)) {
    const source = argumentAt(text, call.index + call[0].length, call[1] === 'catch' ? 0 : 1)?.trim();
    if (source === undefined || source === '' || /^(?:undefined|null|void\b)/.test(source)) continue;
    const param = /^(?:async\s*)?(?:function\b\s*\*?\s*[\w$]*\s*)?(?:<[^>]*>\s*)?\(?\s*(?:\.\.\.\s*)?([A-Za-z_$][\w$]*)/.exec(source);
    if (/^(?:async\s*)?(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>)/.test(source)) {
      // A handler written in place: its first parameter is the error (none, or destructured: read as any text is).
      if (param !== null && !/^(?:async\s*)?(?:function\b[^(]*)?\(\s*\)/.test(source)) handlers.push({ param: param[1]! });
    } else {
      handlers.push({ value: source });
    }
  }
  return handlers;
}

/**
 * Whether an error's message may be read by the program; undefined per file (not known: read). Decided once per run.
 */
export function errorMessageMayBeRead(ctx: SourceContext): boolean {
  const project = ctx.project;
  if (project?.anyFileMatches === undefined || project.filesMatching === undefined) return true;
  const known = decided.get(project);
  if (known !== undefined) return known;
  const read = mayBeRead(project as Required<Pick<NonNullable<SourceContext['project']>, 'anyFileMatches' | 'filesMatching'>>);
  decided.set(project, read);
  return read;
}

const decided = new WeakMap<object, boolean>();

function mayBeRead(project: Required<Pick<NonNullable<SourceContext['project']>, 'anyFileMatches' | 'filesMatching'>> & Pick<NonNullable<SourceContext['project']>, 'textsMatching'>): boolean {
  if (project.anyFileMatches(MESSAGE_READ) || project.anyFileMatches(MESSAGE_WHOLESALE) || project.anyFileMatches(THROWN_ASSERTED) || project.anyFileMatches(ERROR_HANDLERS)) return true;
  const bound = new Set<string>();
  // Only the text of the files with a `catch` is read: searched, not parsed (a large program has thousands).
  const catching = /\bcatch\s*\(/;
  for (const text of project.textsMatching?.(catching) ?? project.filesMatching(catching).map((file) => file.ctx.text)) {
    for (const match of text.matchAll(CATCH_BINDINGS)) if (match[1] !== 'function' && match[1] !== 'async') bound.add(match[1]!);
  }
  // Every rejection handler's parameter is an error's name; a function value given as one is handed the error.
  let logged = false;
  const handlerCall = /\.\s*(?:then|catch)\s*\(/;
  for (const text of project.textsMatching?.(handlerCall) ?? project.filesMatching(handlerCall).map((file) => file.ctx.text)) {
    for (const handler of rejectionHandlers(text)) {
      if ('param' in handler) bound.add(handler.param);
      else if (LOG_FUNCTION.test(handler.value)) logged = true;
      else return true;
    }
  }
  if (logged && project.anyFileMatches(LOG_WATCHED)) return true;
  const names = [USUAL_NAMES, ...[...bound].map((name) => name.replace(/\$/g, '\\$'))].join('|');
  const bare = String.raw`(?<![\w$.])(?:${names})(?![\w$])`;
  // The name, through parentheses, a non-null assertion or a cast: `(err as Error)`, `(<Error>err)`, `err!`.
  const err = String.raw`(?:\(\s*)*(?:<[\w$.]+>\s*)?${bare}(?:\s*!)?(?:\s+(?:as|satisfies)\s+[\w$.]+(?:\[\])?)?(?:\s*\))*`;
  const handedOn = new RegExp([
    // Made a string.
    String.raw`\bString\(\s*${err}\s*\)`,
    String.raw`\$\{\s*${err}\s*\}`,
    String.raw`${err}\s*\??\.\s*toString\s*\(`,
    String.raw`${err}\s*\+(?![+=])`,
    String.raw`(?<![+])\+\s*${err}(?!\s*[.([])`,
    // Handed on: thrown again, rejected with, a cause, returned, a member of an object, a JSX attribute.
    String.raw`\bthrow\s+${err}\s*[;}\n]`,
    String.raw`\bcause\s*:\s*${err}`,
    String.raw`\breturn\s+${err}\s*[;}\n]`,
    String.raw`=>\s*${err}\s*[),;}\n]`,
    String.raw`[{,]\s*${err}\s*[,}]`,
    String.raw`=\{\s*${err}\s*\}`,
    // An argument of a call that is not a log line (a parameter list is no call: `(e) =>`, `catch (e) {`,
    // `function f(e) {`).
    String.raw`(?<!${LOG_CALL}[^;]*)(?<!\bcatch\s*|\bfunction\s*[\w$]*\s*|\bif\s*|\bwhile\s*)[(,]\s*${err}\s*[,)](?!\s*(?::[^=;{]*)?=>)(?!\s*\{)`,
  ].join('|'));
  if (project.anyFileMatches(handedOn)) return true;
  // A log line of an error: read where a test watches the log.
  return project.anyFileMatches(new RegExp(`${LOG_CALL}[^;]*${err}`)) && project.anyFileMatches(LOG_WATCHED);
}
