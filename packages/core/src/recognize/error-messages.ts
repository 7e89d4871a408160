/**
 * Whether the message of the language's own `Error` may be read anywhere in the program (project mode): a helper that
 * throws `new Error(\`${method} ${path} -> ${res.status}\`)` hands its URL to whoever catches the error only through
 * that message, so a call through it may be rewritten when no file of the program may read an error's message.
 *
 * Read by text, as the fields of the program's own error classes are (url.ts `paramKeptUnread`), and on the side of
 * holding: a `.message` or `.stack` read of anything, a message destructured, an error made a string (`String(err)`,
 * `` `${err}` ``, `err + ''`, `err.toString()`), handed on (`throw err`, `reject(err)`, `{ cause: err }`, `return err`,
 * an argument of any call but a log line's, a JSX attribute or an object's shorthand member), a log line of it where
 * a test watches the log (`vi.spyOn(console, 'error')`), an assertion about what is thrown (`toThrow(…)`, `rejects`,
 * `assert.throws`, a snapshot), an error boundary or a global error handler, or a read of every own property. The
 * names an error goes by are the usual ones (`e`, `err`, `error`, `…Error`) and every name a `catch` binds in the
 * program. Read file by file, who catches the error cannot be seen: the message is read.
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
  const names = [USUAL_NAMES, ...[...bound].map((name) => name.replace(/\$/g, '\\$'))].join('|');
  const err = String.raw`(?<![\w$.])(?:${names})(?![\w$])`;
  const handedOn = new RegExp([
    // Made a string.
    String.raw`\bString\(\s*${err}\s*\)`,
    String.raw`\$\{\s*${err}\s*\}`,
    String.raw`${err}\s*\.\s*toString\s*\(`,
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
