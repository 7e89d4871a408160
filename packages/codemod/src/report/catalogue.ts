/**
 * What to do about each reason of the catalogue (`describeReason` in core says why; this says what next), and the
 * pieces every report shares: the flat list of sites and the grouping by reason.
 */
import { describeReason, type ReasonCode, TODO_PREFIX } from '@app-assignment/core';
import type { SiteReport } from '../migrate.js';
import type { FileReport } from '../run.js';

/** The next step for a person, by reason code; the same advice as the table in docs/codemod.md. */
export const WHAT_TO_DO: Readonly<Record<ReasonCode, string>> = {
  'built-in-unsupported':
    'decide how these users should get the app (v3 cannot install it for everybody, unremovably); then migrate by hand, or rerun with --builtin drop if plain assignment is enough',
  'built-in-dropped': 'confirm that losing "installed for all, cannot uninstall" is acceptable; delete the comment',
  'assignee-both': "v3 takes one assignee: keep the one the call means (two calls if it means both)",
  'assignee-missing': 'add the assignee; the old call most likely failed',
  'assignee-invalid': 'the assignee value is empty, null or not a string: fix it',
  'assignee-may-be-absent': 'the value may be undefined (the old body was then {}): pass it always, or keep the call for when it is set',
  'modes-both': 'v3 holds one assignment_mode: choose one (the ESLint rule offers each as a suggestion)',
  'flag-boolean': 'the call was migrated with the mode on; check that the old server really treated true as enabled',
  'flag-dynamic': "write settings: cond ? { assignment_mode: '...' } : undefined (or the equivalent) by hand",
  'flag-not-string': 'decide whether it meant enabled',
  'flag-condition-unstable': 'keep the condition in a const read once, or write the settings by hand; rerun',
  'modes-both-conditional': 'v3 holds one assignment_mode: decide which mode each case means, and write the settings by hand',
  'built-in-may-be-true': 'find out whether built_in is ever "true" here; decide how these users should get the app, then migrate by hand',
  'flag-with-business': 'the old server ignored or rejected the flag: decide what the call should do',
  'hide-from-market-dropped': 'migrated; check the directory-token rules for business assignments (document section 4.1)',
  'unknown-key': 'find out what the key was for; migrate by hand',
  'body-spread': 'the body cannot be read completely: build the v3 body by hand',
  'body-computed-key': 'the body cannot be read completely: build the v3 body by hand',
  'body-duplicate-key': 'remove the duplicate (keep the one that is sent today), rerun',
  'body-mutated': 'the body cannot be read completely: build the v3 body by hand',
  'body-form-encoded': 'send a JSON object with the v3 fields',
  'body-dynamic': 'the body cannot be read completely: build the v3 body by hand',
  'options-unknown': 'read what the options helper returns (headers, a transform); migrate by hand, or make it return an object literal and rerun',
  'render-failed': 'write the v3 body by hand; the report gives the plan',
  'app-id-numeric': "this call likely fails today: use the app's code name",
  'app-id-composite': 'migrate by hand, moving the app code into app_code_name',
  'app-id-side-effects': 'migrate by hand, moving the app code into app_code_name',
  'app-id-out-of-scope': 'migrate by hand, moving the app code into app_code_name',
  'app-id-not-constant':
    'make the map `as const` (or stop changing it), or give the enum member a string value; or migrate by hand, moving the app code into app_code_name',
  'url-prefix-in-base':
    'the base (a constant, an axios baseURL, a ky or got prefixUrl) is shared with other calls: give this call a URL that reaches /v3/apps/app_assignments',
  'url-not-editable': 'a shared URL constant, escapes in the string, or a query string: rewrite the URL by hand',
  'url-path-unusual': 'spell the route plainly, or point this call at /v3/apps/app_assignments (with the app code in the body) by hand',
  'url-assembled': 'write the URL as one string or template (an origin or base, then /v3/apps/app_assignments) and move the app code into the body, by hand',
  'url-built-by-function': 'give the URL builder a v3 twin (or change it once every caller is migrated), then point this call at it',
  'url-builder-checks': "check the app code as compile did (non-empty, one path segment) before the v3 call, or keep compile's call for the check alone",
  'url-builder-unread': 'read the named builder: point this call at /v3/apps/app_assignments (with the app code in the body) by hand, or make the builder a const called plainly and rerun',
  'method-dynamic': 'migrate by hand',
  'client-unknown': 'configure the function as a client (--config), or migrate by hand',
  'client-not-rewritten': 'rewrite the request by hand for POST /v3/apps/app_assignments (assignee_type, assignee_uid, app_code_name, settings), keeping its client',
  'client-sdk': "call the SDK's v3 method",
  'body-endpoint-argument': 'find where the endpoint is triggered (its hook, or initiate): build the v3 body there, with app_code_name from the path, and change the argument type; then point the endpoint at /v3/apps/app_assignments',
  'endpoint-argument-read': 'change what reads the endpoint\'s argument (a tag function, onQueryStarted, a transform) with the v3 body; then build the v3 body at every call that triggers the endpoint, change its argument type, and point it at /v3/apps/app_assignments',
  'endpoint-use-unread': 'read the use named (a trigger stored or passed on, the api passed on, an override, a matcher): follow it to what it is given and build the v3 body there, with every other trigger of the endpoint; then point the endpoint at /v3/apps/app_assignments',
  'helper-unread': 'run over the whole project so that the helper is read (project mode of the codemod, followImports of the ESLint rule); if it sends the method and body as given, the call migrates; else migrate by hand',
  'url-used-by-helper': 'read the named line of the helper: if what uses the URL there (an error\'s message or field, a log, a cache key) is fine with /v3/apps/app_assignments, migrate by hand (route and body); else change that use first',
  'helper-changes-url': 'read the named line of the helper: if the URL it makes of /v3/apps/app_assignments is right, migrate by hand (route and body); else change the helper first',
  'helper-made-by-call': 'read the function that makes the helper (once, memoize, a retry): if it neither keys, retries nor changes anything by the URL, migrate by hand (route and body); else change it first (a cache keyed by the URL would send one assignment for all apps)',
  'url-from-response': 'send this request to POST /v3/apps/app_assignments with the v3 body, by hand (the URL of the earlier response is the deprecated route)',
  'response-url-read': "change the named read of the response's URL (a test asserting it, code taking the app code out of it) so that it holds for /v3/apps/app_assignments, then migrate by hand (route and body)",
  'client-field-unknown': 'find which client the field holds when the call runs; keep it in one field set once (in its declaration or the constructor) and written nowhere else, rerun, or migrate by hand',
  'client-setup': 'read the named setup (a transform, a content type, an interceptor, a base URL set after the client is made): if it leaves the v3 request as written, migrate by hand; or move that setup to the calls that need it and rerun',
  'openapi-paths-unknown': "make sure the client's paths type declares POST /v3/apps/app_assignments (regenerate it), then migrate by hand",
  'openapi-paths-without-v3': 'regenerate the paths type from the current API description (it then declares the v3 route), rerun',
  'comments-inside': 'move the comments out, rerun, or migrate by hand',
  'body-typed': 'migrate by hand and update the type',
  'route-without-v3': 'add v3Path to the route in the config, or migrate by hand',
  'side-effects-before': 'compute the assignee in a const before the call (so the app code and the flags are read as before), rerun',
  'side-effects': 'keep the side effect elsewhere, then migrate',
  'wrapper-held-back': 'fix the call the comment names (or migrate the wrapper and all its callers by hand); a rerun then migrates them together',
  'wrapper-caller-unread': 'open the named page or document: migrate the function and each of its callers by hand, those in that file included (the file\'s body keys too), or move that call into a module the run reads and rerun',
  'wrapper-callers-unknown': 'the wrapper is exported where not every caller can be seen: add a v3 wrapper beside it and move callers over, or migrate it by hand',
  'client-base-unread': 'run over the whole project (project mode, or the ESLint rule with followImports) so the base class is read; if it is a package\'s class, read its request methods and hooks: if they leave the v3 request as written, migrate by hand',
  'client-options-unknown': 'read the options the client is made with (a config from another package, another instance\'s defaults); if they set no content type, transform or adapter, migrate by hand',
  'wrapper-script-global': 'export the function and import it where it is used, so that its callers can be seen, then rerun; or migrate it and every caller by hand',
  'wrapper-package-installable': 'if nothing installs the package (an application, not a library), add "private": true to its package.json and rerun; otherwise add a v3 wrapper beside it and move callers over',
  'wrapper-callers': 'read the TODO at each caller; once every caller maps exactly, a rerun migrates the wrapper with them',
  'wrapper-several-requests': 'migrate each request of the function by hand (or split it into one function per request)',
  'wrapper-callers-differ': 'the callers need different v3 bodies from the same wrapper code: pass the differing value as a parameter, or migrate by hand',
  'half-migrated': 'check that the body is the one the call meant, then delete the comment; run migrate over the whole group next time (paths and shards now keep groups whole)',
  'half-migrated-route': 'give this call the v3 body (assignee_type, assignee_uid, app_code_name with the app it assigns, settings for a directory mode); the function it calls already sends v3',
  'group-outside-run': 'run app-assignment migrate over the files the comment names together with these (or over the whole repository); the group is then migrated whole',
  'mock-call-held': 'deal with the TODO of the call it names; a rerun then rewrites the mock with it',
  'mock-call-outside-run': 'rerun app-assignment migrate over the file of the call it names together with this one (or over the whole repository); the call and the mock then move together',
  'mock-no-calls': 'find the code the mock stands for (another repository, a module the tests do not import); update the mock when that code moves to v3',
  'mock-calls-unseen': 'rerun over the whole repository with its tsconfig.json (project mode), so that the mock and the code its tests import are read together; where its tests load modules past their imports (vi.importActual), a rerun shows no more: update the mock and its calls by hand',
  'mock-assertion-negated': 'assert that the v3 request is not sent either (POST /v3/apps/app_assignments with the app_code_name and assignee the old route and body named), then delete the comment',
  'mock-calls-recorded': 'assert the v3 request where the test reads what the mock recorded (the route /v3/apps/app_assignments, app_code_name and the assignee in the body), then rerun',
  'mock-resolver-reads': 'read the v3 body in the handler (app_code_name, assignee_type, assignee_uid, settings.assignment_mode) and point its route at /v3/apps/app_assignments',
  'mock-app-code-unknown': 'write the v3 body matcher, with the app_code_name the test expects, by hand',
  'mock-app-code-unchecked': 'if the test meant to check the app, match app_code_name in the body; otherwise delete the comment',
  'mock-other-apps': 'point the handler at the v3 route and answer each app by its app_code_name in the body',
  'mock-route-not-editable': 'write the v3 route in the mock, and its matcher or handler for the v3 body',
  'mock-v3-route-taken': 'keep one mock of the v3 route, answering as both did',
  'mock-recorded': 'migrate the calls it keeps by hand, then re-record the requests (or edit the recording to the v3 route and body)',
  'mock-request-filtered': 'rewrite the scope\'s filter for the v3 path and body (the app is now app_code_name in the body), point the interceptor at /v3/apps/app_assignments with the v3 body, then migrate its calls',
  'mock-keeps-calls': 'make the mock exact for the v3 request (or rewrite it and its calls by hand); a rerun then migrates the calls it names with it',
  'call-mock-held': 'deal with the TODO of the mock it names (make its handler read the v3 request); a rerun then migrates the call and the mock together',
};

/** The group of sites that need no person: `migrate` rewrites them exactly. */
export const AUTOMATIC = 'automatic';

export interface LocatedSite extends SiteReport {
  readonly path: string;
}

export interface ReasonGroup {
  /** A reason code, or AUTOMATIC. */
  readonly code: string;
  /** The reason as the TODO says it, with the kind of key instead of one call's key ("a flag", "the assignee"). */
  readonly title: string;
  readonly whatToDo: string;
  readonly sites: readonly LocatedSite[];
}

/**
 * The sites a person looks at: every call of the operation, and the calls of wrappers that say something of their own
 * (held back by what they pass, or by another caller). A caller that goes with its wrapper (migrated with it, or left
 * for the wrapper's own reasons, which its call states) is in the JSON report only.
 */
export function sitesOf(files: readonly FileReport[]): LocatedSite[] {
  return files.flatMap((file) => file.sites.filter((site) => site.withWrapper !== true).map((site) => ({ ...site, path: file.path })));
}

/** The tests' mocks of the request, in one line for reports that count calls: how many follow their calls. */
export function mocksLine(sites: readonly SiteReport[]): string | undefined {
  const mocks = sites.filter((site) => site.kind === 'mock');
  if (mocks.length === 0) return undefined;
  const follow = mocks.filter((site) => site.migrated).length;
  return `${mocks.length} mocks or assertions of the request in tests: ${follow} follow their calls to v3, ${mocks.filter(needsPerson).length} for a person (listed in the JSON report and the text table)`;
}

/** A site needs a person when it is not rewritten, or rewritten with a note to review. */
export function needsPerson(site: SiteReport): boolean {
  return !site.migrated || site.reasons.length > 0;
}

/**
 * Sites by reason: each reason code a site carries puts it in that group (a site with two reasons is in two groups);
 * sites with no reason form the AUTOMATIC group. Largest group first, then by code.
 */
export function groupByReason(sites: readonly LocatedSite[]): ReasonGroup[] {
  const groups = new Map<string, LocatedSite[]>();
  for (const site of sites) {
    const codes = site.reasons.length === 0 ? [AUTOMATIC] : [...new Set(site.reasons.map((r) => r.code))];
    for (const code of codes) groups.set(code, [...(groups.get(code) ?? []), site]);
  }
  return [...groups.entries()]
    .map(([code, list]) => ({ code, title: titleOf(code), whatToDo: adviceOf(code), sites: list }))
    .sort((a, b) => b.sites.length - a.sites.length || a.code.localeCompare(b.code));
}

export function titleOf(code: string): string {
  if (code === AUTOMATIC) return 'exact rewrite: app-assignment migrate does it';
  return describeReason({ code: code as ReasonCode });
}

export function adviceOf(code: string): string {
  if (code === AUTOMATIC) return 'run app-assignment migrate (no person needed)';
  return WHAT_TO_DO[code as ReasonCode] ?? `see the ${TODO_PREFIX} comment`;
}

/** A site's location as people write it. */
export function where(site: LocatedSite): string {
  return `${site.path}:${site.line}:${site.column}`;
}
