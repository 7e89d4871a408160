/**
 * Why a call cannot be migrated automatically, or what a person should review after it was.
 * One catalogue, so that the ESLint message, the codemod's TODO comment and the JSON report say the same words.
 */
import { TODO_PREFIX, V3_ASSIGN } from './contract.js';

export const ReasonCode = {
  // Body: what the body holds.
  builtInUnsupported: 'built-in-unsupported',
  builtInDropped: 'built-in-dropped',
  assigneeBoth: 'assignee-both',
  assigneeMissing: 'assignee-missing',
  assigneeInvalid: 'assignee-invalid',
  assigneeMayBeAbsent: 'assignee-may-be-absent',
  modesBoth: 'modes-both',
  flagBoolean: 'flag-boolean',
  flagDynamic: 'flag-dynamic',
  flagConditionUnstable: 'flag-condition-unstable',
  modesBothConditional: 'modes-both-conditional',
  builtInMayBeTrue: 'built-in-may-be-true',
  flagNotString: 'flag-not-string',
  flagWithBusiness: 'flag-with-business',
  hideFromMarketDropped: 'hide-from-market-dropped',
  unknownKey: 'unknown-key',
  // Body: how the body is built.
  bodySpread: 'body-spread',
  bodyComputedKey: 'body-computed-key',
  bodyDuplicateKey: 'body-duplicate-key',
  bodyMutated: 'body-mutated',
  bodyFormEncoded: 'body-form-encoded',
  bodyDynamic: 'body-dynamic',
  bodyEndpointArgument: 'body-endpoint-argument',
  endpointArgumentRead: 'endpoint-argument-read',
  endpointUseUnread: 'endpoint-use-unread',
  optionsUnknown: 'options-unknown',
  renderFailed: 'render-failed',
  // The {id} of the path.
  appIdNumeric: 'app-id-numeric',
  appIdComposite: 'app-id-composite',
  appIdSideEffects: 'app-id-side-effects',
  appIdOutOfScope: 'app-id-out-of-scope',
  appIdNotConstant: 'app-id-not-constant',
  // The call itself.
  urlPrefixInBase: 'url-prefix-in-base',
  urlNotEditable: 'url-not-editable',
  urlUsedByHelper: 'url-used-by-helper',
  urlBuiltByFunction: 'url-built-by-function',
  urlBuilderChecks: 'url-builder-checks',
  urlAssembled: 'url-assembled',
  urlBuilderUnread: 'url-builder-unread',
  urlPathUnusual: 'url-path-unusual',
  methodDynamic: 'method-dynamic',
  clientUnknown: 'client-unknown',
  helperUnread: 'helper-unread',
  helperChangesUrl: 'helper-changes-url',
  helperMadeByCall: 'helper-made-by-call',
  urlFromResponse: 'url-from-response',
  responseUrlRead: 'response-url-read',
  clientNotRewritten: 'client-not-rewritten',
  clientSdk: 'client-sdk',
  clientFieldUnknown: 'client-field-unknown',
  clientSetup: 'client-setup',
  clientBaseUnread: 'client-base-unread',
  clientOptionsUnknown: 'client-options-unknown',
  openapiPathsUnknown: 'openapi-paths-unknown',
  openapiPathsWithoutV3: 'openapi-paths-without-v3',
  commentsInside: 'comments-inside',
  bodyTyped: 'body-typed',
  routeWithoutV3: 'route-without-v3',
  sideEffects: 'side-effects',
  sideEffectsBefore: 'side-effects-before',
  // Calls that send the request through a function of the program (a wrapper): all of its callers, or none.
  wrapperHeldBack: 'wrapper-held-back',
  wrapperCallersUnknown: 'wrapper-callers-unknown',
  wrapperCallerUnread: 'wrapper-caller-unread',
  wrapperPackageInstallable: 'wrapper-package-installable',
  wrapperScriptGlobal: 'wrapper-script-global',
  wrapperCallers: 'wrapper-callers',
  wrapperCallersDiffer: 'wrapper-callers-differ',
  wrapperSeveralRequests: 'wrapper-several-requests',
  groupOutsideRun: 'group-outside-run',
  halfMigrated: 'half-migrated',
  halfMigratedRoute: 'half-migrated-route',
  // Test mocks and assertions of the request: they follow the calls they stand for (mocks/ in this package).
  mockCallHeld: 'mock-call-held',
  mockCallOutsideRun: 'mock-call-outside-run',
  mockNoCalls: 'mock-no-calls',
  mockCallsUnseen: 'mock-calls-unseen',
  mockResolverReads: 'mock-resolver-reads',
  mockAppCodeUnknown: 'mock-app-code-unknown',
  mockAppCodeUnchecked: 'mock-app-code-unchecked',
  mockOtherApps: 'mock-other-apps',
  mockRouteNotEditable: 'mock-route-not-editable',
  mockV3RouteTaken: 'mock-v3-route-taken',
  mockRequestFiltered: 'mock-request-filtered',
  mockRecorded: 'mock-recorded',
  mockKeepsCalls: 'mock-keeps-calls',
  mockAssertionNegated: 'mock-assertion-negated',
  mockCallsRecorded: 'mock-calls-recorded',
  callMockHeld: 'call-mock-held',
} as const;
export type ReasonCode = (typeof ReasonCode)[keyof typeof ReasonCode];

/** A reason, with the body key it is about where there is one. */
export interface Reason {
  readonly code: ReasonCode;
  readonly key?: string;
}

const V3 = `POST ${V3_ASSIGN.path}`;

/**
 * Each reason's words. `key` is the reason's key (a body key, a call, a URL) when it has one; without it (a report's
 * heading for every call with that reason) the words name the kind of thing instead, never a placeholder.
 */
const MESSAGES: Record<ReasonCode, (key: string | undefined) => string> = {
  'built-in-unsupported': () =>
    `built_in "true" has no equivalent in ${V3}; decide how these users get the app, then migrate by hand (or run with builtIn "drop")`,
  'built-in-dropped': () =>
    `built_in was dropped because ${V3} cannot install an app for all users of a directory; check that this is acceptable`,
  'assignee-both': () =>
    'the body sets both business_uid and directory_uid; v3 takes one assignee, so choose which one this call means',
  'assignee-missing': () =>
    'the body sets neither business_uid nor directory_uid; v3 needs one assignee, so add it by hand',
  'assignee-invalid': (key) =>
    `${key ?? 'the assignee (business_uid or directory_uid)'} is not a usable uid (an empty string, null, a number or a boolean); fix the assignee by hand`,
  'assignee-may-be-absent': (key) =>
    `${key ?? 'the assignee (business_uid or directory_uid)'} comes from a value that may be undefined (an optional parameter or property, a property typed | undefined or Partial, an optional chain, an environment variable), and then the old body named no assignee at all; v3 needs one, so decide by hand what such a call means`,
  'modes-both': () =>
    'is_internal and pre_installed are both enabled; v3 holds one assignment_mode, so choose one',
  'flag-boolean': (key) =>
    `${key ?? 'a flag (is_internal or pre_installed)'} is the boolean true, not the documented string "true"; it was treated as enabling, check that this is intended`,
  'flag-dynamic': (key) =>
    `the value of ${key ?? 'a flag (is_internal, pre_installed or built_in)'} is computed at run time; set settings.assignment_mode by hand`,
  'flag-condition-unstable': (key) =>
    `${key ?? 'a flag (is_internal or pre_installed)'} is chosen by a condition that has side effects or may change before the request is sent; set settings.assignment_mode by hand`,
  'modes-both-conditional': () =>
    'is_internal and pre_installed may both be enabled at run time, or the mode depends on several conditions; v3 holds one assignment_mode, so choose by hand',
  'built-in-may-be-true': () =>
    `built_in may be "true" in what builds this body, and ${V3} has no equivalent; decide how these users get the app, then migrate by hand`,
  'flag-not-string': (key) =>
    `${key ?? 'a flag (is_internal, pre_installed or built_in)'} holds a value that is neither a string nor a boolean; decide whether it enables the flag`,
  'flag-with-business': (key) =>
    `${key ?? 'a flag (is_internal, pre_installed or built_in)'} is for directories only but the body assigns to a business; decide what this call should do`,
  'hide-from-market-dropped': () =>
    'hide_from_market has no v3 field and was dropped; check the directory-token rules for business assignments',
  'unknown-key': (key) =>
    `the body has ${key === undefined ? 'a key' : `the key ${key}`}, which the deprecated operation does not define; migrate by hand`,
  'body-spread': () => 'the body spreads another object whose keys cannot be seen here; migrate by hand',
  'body-computed-key': () => 'the body has a computed key; migrate by hand',
  'body-duplicate-key': () =>
    'the body sets the same key twice and only the last one is sent; remove the duplicate, then migrate',
  'body-mutated': (key) => key === undefined
    ? 'the body object is changed or used elsewhere after it is built; migrate by hand'
    : `the body is passed to a function that also uses it besides sending it (${key}), where it would hold the v3 keys; migrate by hand`,
  'body-form-encoded': () =>
    'the body is form-encoded or a raw string, not a JSON object; migrate by hand to a JSON body',
  'body-dynamic': () => 'the body is built at run time and cannot be read here; migrate by hand',
  'options-unknown': () =>
    'the request options come from code that cannot be read here (its headers or a transform may change how the body is sent); migrate by hand',
  'render-failed': () =>
    'the exact v3 form of this call is known, but it cannot be written in place without changing other code; migrate by hand',
  'app-id-numeric': () =>
    'the path holds a numeric app id, but the operation takes the app_code_name (this call likely fails today); fix the app code by hand',
  'app-id-composite': () => 'the app code in the path is built from several parts; migrate by hand',
  'app-id-side-effects': () =>
    'the app code in the path is computed by an expression that would move into the body; migrate by hand',
  'app-id-out-of-scope': () =>
    'the app code is not in scope where the body object is declared; migrate by hand',
  'app-id-not-constant': () =>
    'the app code in the path is a member of an object or enum that can change, or that holds no string code name (a number, a computed or missing member); migrate by hand',
  'url-prefix-in-base': (key) =>
    `/platform/v1 comes from a base URL or constant that this call cannot change alone; point the call at ${key ?? V3_ASSIGN.path} by hand`,
  'url-built-by-function': (key) =>
    `the URL is built by a function that other code may call too${key === undefined ? '' : ` (${key})`}; make that function build ${V3_ASSIGN.path} for this call, or migrate by hand`,
  'url-builder-checks': () =>
    `the path is built by path-to-regexp's compile, which throws on an app code that is empty, not a string or does not match its parameter, so that nothing is sent; ${V3_ASSIGN.path} checks nothing: keep that check by hand (if (!code) throw ...), then migrate`,
  'url-assembled': () =>
    `the URL is assembled at run time from parts (an array joined, path.join, String#concat, url-join's array form or empty parts, dot segments, a pathname set on a URL after it is made), which this tool reads but does not rewrite; make it build ${V3_ASSIGN.path} by hand`,
  'url-not-editable': () =>
    'the URL is built where it cannot be rewritten safely (a shared constant, escapes, or a query string); migrate by hand',
  'url-used-by-helper': (key) =>
    `the URL is passed to ${key ?? 'a function'}, which uses it besides sending it (keeps it in an error it throws, or reads it back from the response or throws that response, whose message, fields or url the program may read, or passes it on): rewritten here, that use would see ${V3_ASSIGN.path} too; check that use, then migrate by hand`,
  'url-builder-unread': (key) =>
    `the URL is built by ${key ?? 'a URL builder of the program'}, which spells the deprecated route, but what it builds for this call cannot be read exactly; make this call build ${V3_ASSIGN.path} (the app code in the body) by hand`,
  'url-path-unusual': (key) =>
    `the URL spells the deprecated route with ${key ?? 'an unusual path'}, which the URL parser or the server may take for /platform/v1/apps/{id}/assign, and this tool does not rewrite; make this call send ${V3_ASSIGN.path} (the app code in the body) by hand, or spell the route plainly and rerun`,
  'method-dynamic': () =>
    'the HTTP method is computed at run time, or set by client options that cannot be read here; migrate by hand',
  'client-unknown': () =>
    'the call goes through a function whose arguments do not show the body; migrate by hand, or configure the client',
  'body-endpoint-argument': (key) =>
    `the body is the argument of the endpoint ${key ?? ''}, built wherever the endpoint is triggered; build the v3 body (with app_code_name) there and change the endpoint's argument type, by hand`,
  'endpoint-argument-read': (key) =>
    `the body is the argument of the endpoint, and ${key ?? 'another function of its definition'} reads that argument too, whose keys change with the v3 body; the endpoint and every call that triggers it are migrated together or not at all, so migrate them by hand and update what reads the argument`,
  'endpoint-use-unread': (key) =>
    `the body is the argument of the endpoint, built by every call that triggers it, and ${key ?? 'one use of the endpoint'} cannot be read as such a call (a trigger stored or passed on, the api passed on, its endpoints overridden or read besides initiate, the argument read back); the endpoint and its callers are migrated together or not at all, so migrate them by hand`,
  'helper-unread': (key) =>
    `the request is sent by ${key ?? 'a function'} with the method, path and body it is given, but which code runs, or what it does with them, cannot be read here (its code is in a module this run did not read, a subclass may override it, or it sends through a client this analysis does not know); migrate by hand (read file by file, a run over the whole project may follow it: the codemod's project mode, or the ESLint rule with followImports)`,
  'helper-changes-url': (key) =>
    `the request is sent by ${key ?? 'a function of the program'}, which changes the URL it is given before it sends it (it assigns its URL parameter again, sends a copy it changes, or changes a URL object made of it), so the URL this call writes is not the one sent; check what that function makes of ${V3_ASSIGN.path}, then migrate by hand`,
  'helper-made-by-call': (key) =>
    `the request is sent by ${key ?? 'a function made by calling another function'}: the code that runs is the function that call returns (a wrapper such as once, lodash's memoize or a retry), which may decide by the URL what it sends (skip a URL it has seen, retry unless it ends in /assign, change the host), and every app would send the same ${V3_ASSIGN.path}; read that wrapper, then migrate by hand`,
  'url-from-response': (key) =>
    `the request is sent to ${key ?? 'the URL of the response of a request to the deprecated route'}: it sends the deprecated request to a URL no code here spells; send it to ${V3} by hand, with the v3 body`,
  'response-url-read': (key) =>
    `the URL of this request's response is read back (${key ?? 'res.url, response.config.url or response.request where the response is received'}): rewritten, that read would see ${V3_ASSIGN.path} instead of the deprecated route; change that read (or the test that asserts it) first, then migrate by hand`,
  'client-not-rewritten': (key) =>
    `the request is sent through ${key ?? 'a client or a request layout (a callback, a stream, an options object holding the path)'}, which this tool does not rewrite; send it to ${V3} by hand, with the v3 body`,
  'client-sdk': () => `the call goes through a configured SDK method; call its ${V3} equivalent by hand`,
  'client-field-unknown': (key) =>
    `the client is a field of the class${key === undefined ? '' : ` (${key})`} that is set in more than one place, written outside the class, set by a getter, a subclass or code that cannot be read here, or \`this\` is not an instance of the class; migrate by hand`,
  'client-options-unknown': (key) =>
    `the client this call uses was made with options that cannot be read here${key === undefined ? '' : ` (${key})`}: its headers or a transform may change how the body is sent; check them against ${V3}, then migrate by hand`,
  'client-setup': (key) =>
    `the client this call uses is set up by ${key ?? 'code elsewhere in the program'}, which may change its URL, its method or how its body is sent; check that setup against ${V3}, then migrate by hand`,
  'client-base-unread': (key) =>
    `this call's method comes from the class's base ${key ?? 'class'}, whose code this run did not read: its hooks (a RESTDataSource's willSendRequest, resolveURL or fetch) or its own request methods may change the URL, the method or how the body is sent; migrate by hand (read file by file, a run over the whole project may read it: the codemod's project mode, or the ESLint rule with followImports)`,
  'openapi-paths-unknown': () =>
    `the client's paths type cannot be read here, and the rewrite type-checks only if it declares ${V3}; check that it does (regenerate it from the current API description), then migrate by hand`,
  'openapi-paths-without-v3': () =>
    `the client's paths type does not declare ${V3}, so the rewrite would not type-check; regenerate the types from the current API description, then rerun`,
  'comments-inside': () =>
    'the code to rewrite holds comments that an automatic rewrite would lose; migrate by hand',
  'body-typed': (key) => key === undefined
    ? 'the body has a declared type that describes the deprecated body; migrate by hand and update the type'
    : `the body's declared type ${key}; the type can take the v3 body only with every body it types, so migrate them together by hand and update the type`,
  'route-without-v3': () =>
    'the call uses a configured route that has no v3Path; set v3Path in the configuration or migrate by hand',
  'side-effects-before': (key) =>
    `the value of ${key ?? 'a body key'} has side effects, and the v3 body would read the app code or a flag's condition after it where the old call read them before; migrate by hand`,
  'side-effects': (key) =>
    `the value of ${key ?? 'a body key'} has side effects and would be dropped; migrate by hand`,
  'wrapper-held-back': (key) =>
    `the request is sent by a function that other calls use too, and ${key === undefined ? 'one of those calls' : `the call ${key}`} cannot be migrated exactly; that function and all its callers are migrated together or not at all, so migrate them by hand (or make that call exact first)`,
  'wrapper-callers-unknown': () =>
    'the request is sent by a function used where its calls cannot all be seen (exported beyond what was analysed, or passed around as a value); it is never rewritten automatically, so migrate it by hand',
  'wrapper-caller-unread': (key) =>
    `the request is sent by a function that is named in ${key ?? 'a file'}, a file of a type this tool does not read as code (an HTML page's module script, an MDX page, a server template's script), where a call of it cannot be read; a function and its callers are migrated together or not at all, so migrate it and every caller by hand, that one included`,
  'wrapper-package-installable': () =>
    'the request is sent by a function of a package that others can install (its package.json is not "private": true and has "main", "exports" or "module"), so its callers cannot all be seen; it is never rewritten automatically: if nothing installs this package, add "private": true to its package.json and rerun, else migrate it by hand',
  'wrapper-script-global': () =>
    'the request is sent by a function declared at the top of a classic script (a file with no import or export): it is global, so other scripts of the page may call it where no analysis sees them; it is never rewritten automatically: make the file a module (export the function, import it where it is used) and rerun, or migrate it and its callers by hand',
  'wrapper-several-requests': () =>
    'the function this call goes through sends the deprecated request more than once; migrate its requests by hand',
  'wrapper-callers-differ': (key) =>
    `the request is sent by a function that other calls use too, and this call and ${key === undefined ? 'another of them' : `the call ${key}`} need different rewrites of it; migrate them together by hand`,
  'wrapper-callers': (key) =>
    `this request is sent for the callers of this function, and not all of them can be migrated exactly (${key === undefined ? '' : `the first is the call ${key}; `}each caller has a TODO that says why); migrate them together by hand`,
  'half-migrated': () =>
    `this call sends a body with v3 keys (assignee_type, assignee_uid, app_code_name) to the deprecated route: a migration was left half done (a wrapper rewritten without its callers, or the reverse), and the body is not exactly the v3 body the route names (its app_code_name, assignee or settings differ, cannot be read, or it is sent as a form); point the call at ${V3} by hand and check its body`,
  'half-migrated-route': () =>
    `this call passes the deprecated body (business_uid or directory_uid) to a function that already sends it to ${V3}: a migration was left half done (the function rewritten without its callers), and the app code the old route carried is no longer sent; write this call's body as the v3 body (assignee_type, assignee_uid, app_code_name, settings) by hand`,
  'group-outside-run': (key) =>
    `this call must be migrated together with changes in ${key ?? 'other files'}, which this run was not given; run app-assignment migrate over all of them together`,
  'mock-call-held': (key) =>
    `this mock stands for ${key === undefined ? 'a call' : `the call ${key}`}, which keeps the deprecated route (see its TODO); update the mock when that call is migrated`,
  'mock-call-outside-run': (key) =>
    `this mock stands for ${key === undefined ? 'a call' : `the call ${key}`}, in a file this run was not given, which keeps the deprecated route (this run left that file as it is); run app-assignment migrate over that file and this one together, which migrates the call and the mock together`,
  'mock-no-calls': () =>
    'no deprecated call that this mock stands for was found in the modules its tests import; update it by hand when its calls move to v3',
  'mock-calls-unseen': (key) =>
    key === undefined
      ? 'the calls this mock stands for are in modules this run did not read with it; rerun over the whole repository in project mode, or update it by hand when its calls move to v3'
      : `its tests load modules past their imports (${key}), so not every call this mock stands for can be seen, and it keeps those it imports on the deprecated route; update it by hand when its calls move to v3, or load those modules with an import`,
  'mock-resolver-reads': (key) =>
    `the handler reads ${key ?? 'a field'} of the deprecated request, which v3 sends in another shape; rewrite the handler for POST ${V3_ASSIGN.path} by hand`,
  'mock-app-code-unknown': () =>
    `the mock matches any app but checks the body, and the v3 body names the app (app_code_name); write the v3 body matcher by hand`,
  'mock-app-code-unchecked': () =>
    `the mock named the app in the deprecated route; ${V3} carries it in the body, which this mock does not check, so check the app code by hand if the test meant to`,
  'mock-other-apps': (key) =>
    `the mock names one app in the deprecated route, and its tests also call another app${key === undefined ? '' : ` (the call ${key})`}; the v3 route names no app, so the rewritten mock would answer that call too: check app_code_name in the mock by hand`,
  'mock-route-not-editable': (key) =>
    `the mock's route cannot be rewritten in place (${key ?? `every method with http.all, onAny, or fetch-mock's mock or route without a method, a function that matches the request, a regular expression, a pattern or a part of the route that also answers other routes, a route held by a const or built elsewhere, a path relative to a client's base URL, a nock scope whose base path holds part of it`}); point the mock at POST ${V3_ASSIGN.path} by hand when its calls move to v3`,
  'mock-keeps-calls': (key) =>
    `it keeps on the deprecated route ${key === undefined ? 'the calls it stands for' : `the call${key.includes(' and ') ? 's' : ''} ${key}`}, since a call and its mocks move together; once this mock can follow, a rerun migrates both`,
  'call-mock-held': (key) =>
    `kept on the deprecated route because its test's ${key ?? 'mock of the request'} (see its TODO): the test would mock the old route while the call sends v3, so the call and its mocks move together; make the mock read the v3 request (or migrate both by hand), then rerun`,
  'mock-assertion-negated': () =>
    `this assertion checks that the deprecated request is not sent; once the calls it stands for send POST ${V3_ASSIGN.path}, it passes whatever they send: assert the v3 request (its app_code_name and assignee in the body) instead`,
  'mock-request-filtered': (key) =>
    `the mock's scope rewrites the request before it is matched${key === undefined ? '' : ` (${key})`}, with a filter written for the deprecated path or body: the route and body it names are not what it compares, and it may answer any app; rewrite the filter and the interceptor for POST ${V3_ASSIGN.path} by hand`,
  'mock-recorded': (key) =>
    `this test replays recorded requests${key === undefined ? '' : ` (${key})`}, which this run does not read; a recording of the deprecated request no longer matches once its calls send POST ${V3_ASSIGN.path}: migrate those calls by hand, then re-record (or edit the recording to the v3 route and body)`,
  'mock-calls-recorded': (key) =>
    `this assertion compares what a mock recorded${key === undefined ? '' : ` (${key})`} with the deprecated request, in a shape this tool does not rewrite; once the calls it stands for send ${V3}, assert that request (its route and the v3 body) by hand`,
  'mock-v3-route-taken': (key) =>
    `this mock's tests already install a mock that answers POST ${V3_ASSIGN.path}${key === undefined ? '' : ` (${key})`}, or may; msw, nock, axios-mock-adapter and fetch-mock answer with the first that matches, so the rewritten mock would answer in its place or never: merge them by hand`,
};

/**
 * The reason in plain words, as the ESLint message and the TODO comment show it; without a key, as a report's
 * heading for every call with that reason.
 */
export function describeReason(reason: Reason): string {
  return MESSAGES[reason.code](reason.key);
}

/** All reasons of one call, in one line. */
export function describeReasons(reasons: readonly Reason[]): string {
  return reasons.map(describeReason).join('; ');
}

/** The text of the one comment the codemod leaves above a call (without the comment delimiters). */
export function todoText(reasons: readonly Reason[]): string {
  return `${TODO_PREFIX} ${describeReasons(reasons)}`;
}
