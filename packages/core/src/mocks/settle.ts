/**
 * Mocks follow their calls: a mock is rewritten in the run that migrates every deprecated call it can stand for, and
 * is left with a TODO otherwise. A pure function over plain data, like the wrapper settlement: the front end says
 * which files a mock's tests can reach (per file: the file alone, when it shows everything; in a project: the import
 * graph) and what happened to each call; this module decides.
 *
 * The calls a mock can stand for are the reachable calls it does not rule out: a route with an app code rules out a
 * call whose app code is another static value, a body matcher one whose body sets a matched key to another static
 * value. Counting a call that the mock cannot match only holds the mock back, never rewrites it wrongly.
 */
import type { TSESTree } from '@typescript-eslint/types';
import type { Finding } from '../analysis/analyze.js';
import { ASSIGNEE_TYPE_OF_KEY } from '../facts/contract.js';
import { type Reason, ReasonCode } from '../facts/reasons.js';
import { isFunction, someNode } from '../facts/syntax.js';
import { goesWithWrapper } from '../merge/groups.js';
import { placeOf } from '../merge/wrappers.js';
import type { MockFinding } from './plan.js';
import { isLibraryModule } from './libraries.js';
import { v3HandlerIn } from './v3-handlers.js';

/** What a mock names, as plain data. */
export interface MockFacts {
  /** The file the mock is written in (a path or id the reachability answers for). */
  readonly file: string;
  /** The app code of its route; absent: any app. */
  readonly appCode?: string;
  /** The static string values of its body matcher, by key; absent when it matches any body. */
  readonly body?: Readonly<Record<string, string>>;
  /** The assignee key its handler reads of the request body: every call it stands for must send that key. */
  readonly reads?: string;
  /** The flags its handler compares with "true": every call it stands for must send each as a static string, or not at all. */
  readonly flags?: readonly string[];
  /**
   * The assignee keys its handler tests with `in`: every call it stands for must send each as a static string (never
   * undefined, which `JSON.stringify` drops), or not at all.
   */
  readonly tested?: readonly string[];
  /** It tells apps apart by its route alone (an msw handler): rewritten, it answers every app. */
  readonly routeOnly?: true;
  /** Where it is, as a call's TODO names it (`in test/offer.test.ts, in the test "offers an app"`). */
  readonly place?: string;
  /**
   * It is installed for one test or suite only (written inside `it(...)`, `test(...)`, `describe(...)`), or answers
   * once (msw's `{ once: true }`): it does not answer its calls in the file's other tests.
   */
  readonly scoped?: true;
  /**
   * It may leave some requests of its calls to the mocks installed after it: its resolver can fall through, or it is
   * installed by a function (a helper, a handler factory) that not every test may call. It does not answer its calls
   * for a mock that waits.
   */
  readonly partial?: true;
  /** Its rewrite adds a read of the request body, for this read of the app code (`params.id`). */
  readonly addsBodyRead?: string;
  /** It may read the request body and then fall through to the next handler, which then finds the body read. */
  readonly consumesBody?: true;
  /** It matches or asserts the request's headers. */
  readonly headers?: true;
  /** A negated assertion: it keeps no call, whatever becomes of it. */
  readonly negated?: true;
  /** The test or function it is written in (`in the test "lists an app"`), for a call of the same test to name. */
  readonly within?: string;
}

/** One deprecated call of the run, and what the run did to it. */
export interface CallRecord {
  readonly file: string;
  /** Where it is, as reasons name a call (`in offer (src/offer.ts)`). */
  readonly place: string;
  /** Its app code, when it is static. */
  readonly appCode?: string;
  /** Its body's static string values by key (null: a value known only at run time); absent when unreadable. */
  readonly body?: Readonly<Record<string, string | null>>;
  readonly migrated: boolean;
  /**
   * It could be migrated, and is kept on the deprecated route because a mock that stands for it cannot follow it
   * (`callsKeptByMocks`): its mocks are settled as if it were migrated, so that each says its own reason.
   */
  readonly keptForMocks?: true;
  /**
   * A wrapper's caller that goes with the wrapper's request (held back with it, or passing nothing of its own): the
   * request is what a mock keeps and names.
   */
  readonly withWrapper?: true;
  /** Its rewrite changes its headers (a form body sent as JSON, with its content type). */
  readonly changesHeaders?: true;
  /** The test or function it is written in, as `whereInTests` names it (`in the test "lists an app"`). */
  readonly within?: string;
  /** Its file is not written by this run (read for the group, outside the paths given): it gets no TODO there. */
  readonly unwritten?: true;
}

/**
 * The files whose calls a mock in `file` can stand for (the file itself included), or 'unknown' when some cannot be
 * read in this run.
 */
export type Reach = (file: string) => ReadonlySet<string> | 'unknown';

/**
 * Where the reach of a mock is 'unknown': the files it certainly reaches (the test's own imports), and the loader that
 * hides the rest (`vi.importActual in test/a.test.ts`) when that is the cause. The calls there are stood for whatever
 * else the test loads: a mock that cannot be decided keeps them on the old route.
 */
export type KnownReach = (file: string) => { readonly files: ReadonlySet<string>; readonly loader?: string } | undefined;

export type MockDecision =
  | { readonly kind: 'follow' }
  /** `followsAlone`: it would follow its calls, and waits only for the calls kept for it (or for another mock). */
  | { readonly kind: 'hold'; readonly reason: Reason; readonly keeps?: readonly string[]; readonly followsAlone?: true };

const ASSIGNEE_KEYS = Object.keys(ASSIGNEE_TYPE_OF_KEY);
const FORM_HEADERS = 'the form Content-Type header (the call\'s rewrite sends JSON)';

export function settleMocks(mocks: readonly MockFacts[], calls: readonly CallRecord[], reach: Reach, known?: KnownReach): MockDecision[] {
  const stoodFor = mocks.map((mock) => callsStoodFor(mock, calls, reach));
  return mocks.map((mock, index): MockDecision => {
    let decision = settleOne(mock, calls, reach, known);
    // Two mocks that tell apps apart by their routes alone, installed side by side for the same calls, would both
    // answer every app on the one v3 route: the first would answer the other's app too.
    const shared = decision.kind === 'follow' ? sharedWithOtherApp(index, mocks, stoodFor, calls) : undefined;
    if (shared !== undefined) {
      const other = mocks[shared.mock]!;
      const key = `${calls[shared.call]!.place}, which the mock ${other.place ?? ''} of ${other.appCode ?? 'every app'} answers too`.replace('mock  of', 'mock of');
      decision = { kind: 'hold', reason: { code: ReasonCode.mockOtherApps, key } };
    }
    // A body read added to a handler fails where another handler of its calls, which msw may run first (an override,
    // one listed before it), has read the body and fallen through: msw hands each the same request.
    const consumed = decision.kind === 'follow' && mock.addsBodyRead !== undefined ? bodyReadFirst(index, mocks, stoodFor) : undefined;
    if (consumed !== undefined) {
      const key = `${mock.addsBodyRead!} (a read of the body added for it would fail: the handler ${mocks[consumed]!.place ?? ''} may read the body first and fall through to it)`.replace('handler  may', 'handler may');
      decision = { kind: 'hold', reason: { code: ReasonCode.mockResolverReads, key } };
    }
    // A handler that reads an assignee key keeps saying so when its calls cannot be seen or are gone (a second run,
    // after they moved to v3), so that its TODO stays the same.
    const read = mock.reads ?? mock.flags?.[0] ?? mock.tested?.[0];
    if (read !== undefined && decision.kind === 'hold' && decision.reason.code !== ReasonCode.mockCallHeld && decision.reason.code !== ReasonCode.mockCallOutsideRun &&
      decision.reason.code !== ReasonCode.mockOtherApps &&
      decision.reason.key !== FORM_HEADERS) {
      decision = { kind: 'hold', reason: { code: ReasonCode.mockResolverReads, key: read } };
    }
    // The calls it keeps on the deprecated route: its TODO names them, as theirs names it.
    const keeps = mock.negated === true ? [] : keptBy(mock, calls, reach, known);
    if (keeps.length === 0) return decision;
    // Following on its own, it waits for the calls kept for it (or for another mock): `applyMockDecision` says which
    // of the two, from the mock's own outcome.
    if (decision.kind === 'follow') return { kind: 'hold', reason: { code: ReasonCode.mockCallHeld, key: keeps[0]! }, keeps, followsAlone: true };
    return { ...decision, keeps };
  });
}

/**
 * A call that the mock at `index` and another mock both stand for, where the first names an app by its route alone (no
 * body matcher asks it) and the other tells apps apart by its route alone too: it names another app, both installed
 * for the whole file (not inside one test), or any app (a catch-all, wherever either is installed: a one-app override
 * over it, or a one-app handler listed before it, would answer every app once both are on the one v3 route).
 */
function sharedWithOtherApp(
  index: number,
  mocks: readonly MockFacts[],
  stoodFor: readonly (number[] | 'unknown')[],
  calls: readonly CallRecord[],
): { call: number; mock: number } | undefined {
  const mock = mocks[index]!;
  const own = stoodFor[index]!;
  if (mock.routeOnly !== true || mock.appCode === undefined || own === 'unknown') return undefined;
  for (const [other, facts] of mocks.entries()) {
    const theirs = stoodFor[other]!;
    const catchAll = facts.appCode === undefined;
    if (other === index || facts.routeOnly !== true || facts.appCode === mock.appCode || (!catchAll && (mock.scoped === true || facts.scoped === true)) ||
      theirs === 'unknown') continue;
    // The request itself rather than a caller that goes with it.
    const both = own.filter((call) => theirs.includes(call));
    const call = both.find((at) => calls[at]!.withWrapper !== true) ?? both[0];
    if (call !== undefined) return { call, mock: other };
  }
  return undefined;
}

/** Another mock that stands for a call of the mock at `index` and may read the request body, then fall through. */
function bodyReadFirst(index: number, mocks: readonly MockFacts[], stoodFor: readonly (number[] | 'unknown')[]): number | undefined {
  const own = stoodFor[index]!;
  if (own === 'unknown') return undefined;
  const found = mocks.findIndex((facts, other) => {
    const theirs = stoodFor[other]!;
    return other !== index && facts.consumesBody === true && theirs !== 'unknown' && own.some((call) => theirs.includes(call));
  });
  return found < 0 ? undefined : found;
}

/** The calls a mock stands for, or 'unknown' when its tests reach modules this run did not read. */
export function callsStoodFor(mock: MockFacts, calls: readonly CallRecord[], reach: Reach): number[] | 'unknown' {
  const files = reach(mock.file);
  if (files === 'unknown') return 'unknown';
  return calls.flatMap((call, index) => (files.has(call.file) && mayMatch(mock, call) ? [index] : []));
}

function keptBy(mock: MockFacts, calls: readonly CallRecord[], reach: Reach, known?: KnownReach): string[] {
  const stood = certainlyStoodFor(mock, calls, reach, known);
  return stood === 'unknown' ? [] : [...new Set(stood.filter((index) => calls[index]!.keptForMocks === true && calls[index]!.withWrapper !== true).map((index) => calls[index]!.place))];
}

/** The calls a mock stands for; where its reach is 'unknown', those of the files it certainly reaches. */
function certainlyStoodFor(mock: MockFacts, calls: readonly CallRecord[], reach: Reach, known?: KnownReach): number[] | 'unknown' {
  const stood = callsStoodFor(mock, calls, reach);
  if (stood !== 'unknown') return stood;
  const files = known?.(mock.file)?.files;
  return files === undefined ? 'unknown' : calls.flatMap((call, index) => (files.has(call.file) && mayMatch(mock, call) ? [index] : []));
}

/**
 * A call and its mocks are one group: a call that could be migrated is kept on the deprecated route when a mock that
 * stands for it cannot follow it (the mock would go on answering the old route, and the test of the call would fail).
 * `settled` holds each mock's final outcome (after `applyMockDecision`). Returns, for each call index to keep, the
 * reason its TODO gives, naming the mock. A mock whose calls cannot be seen (`mock-calls-unseen`) keeps none: which
 * calls it stands for is not known. A mock that stays only because it waits for another call (`mock-call-held`: a
 * wildcard handler of a setup file, which stands for the calls of every test) keeps a call only when no other mock
 * that stands for it follows it to v3, since that one answers the call there.
 */
export function callsKeptByMocks(
  mocks: readonly MockFacts[],
  settled: readonly MockFinding[],
  calls: readonly CallRecord[],
  reach: Reach,
  known?: KnownReach,
): Map<number, Reason> {
  const kept = new Map<number, Reason>();
  // A mock whose reach is partly unknown answers no call for sure, but keeps those it certainly stands for.
  const stoodFor = mocks.map((mock) => callsStoodFor(mock, calls, reach));
  const keepsFor = mocks.map((mock, index) => (stoodFor[index] === 'unknown' ? certainlyStoodFor(mock, calls, reach, known) : stoodFor[index]!));
  // The calls some mock follows to v3: that mock answers them there. One installed for one test only (a `server.use`
  // in an `it`) answers them in that test alone; the file's other tests still rely on the mock that waits.
  // One that answers only some requests of its calls, or is installed by a function, answers them for sure nowhere.
  const answered = new Set(stoodFor.flatMap((stood, index) =>
    (stood === 'unknown' || settled[index]!.outcome === 'manual' || mocks[index]!.scoped === true || mocks[index]!.partial === true ? [] : stood)));
  mocks.forEach((mock, index) => {
    const finding = settled[index]!;
    if (finding.outcome !== 'manual' || mock.negated === true) return;
    const stood = keepsFor[index]!;
    if (stood === 'unknown') return;
    // A mock that stays only because another call it stands for stays (a shared handler, a setup file's) keeps no
    // call that a mock of its own test answers on v3.
    const waits = finding.reasons.every((reason) => reason.code === ReasonCode.mockCallHeld || reason.code === ReasonCode.mockCallOutsideRun);
    const key = `${mockKind(finding.mock.library)} ${mock.place ?? ''}`.trim();
    const why = whyMockStays(finding.reasons[0]);
    for (const call of stood) {
      if (waits && answered.has(call)) continue;
      if (calls[call]!.withWrapper === true) continue;
      if (calls[call]!.migrated && !kept.has(call)) kept.set(call, { code: ReasonCode.callMockHeld, key: `${key}${why === undefined ? '' : `, which ${why}`}` });
    }
  });
  return kept;
}

/** What a call's TODO calls a mock of its library. */
export function mockKind(library: MockFinding['mock']['library']): string {
  return library === 'msw' ? 'handler' : library === 'assertion' ? 'assertion' : library === 'stub' ? 'stubbed function' : 'mock';
}

/** A mock's first reason, in a few words for the TODO of a call it keeps. */
function whyMockStays(reason: Reason | undefined): string | undefined {
  if (reason === undefined) return undefined;
  switch (reason.code) {
    case ReasonCode.mockResolverReads: return `reads ${reason.key ?? 'the request'} of the deprecated request`;
    case ReasonCode.mockCallHeld: return `also stands for the call ${reason.key ?? 'that keeps the deprecated route'}`;
    case ReasonCode.mockCallOutsideRun: return `also stands for the call ${reason.key ?? 'that keeps the deprecated route'}, in a file this run was not given`;
    case ReasonCode.mockOtherApps: return `names one app in its route and also answers the call ${reason.key ?? 'of another app'}`;
    case ReasonCode.mockV3RouteTaken: return `would answer next to a mock of the v3 route${reason.key === undefined ? '' : ` (${reason.key})`}`;
    case ReasonCode.mockRouteNotEditable: return `has a route that cannot be rewritten in place${reason.key === undefined ? '' : ` (${reason.key})`}`;
    case ReasonCode.mockRecorded: return `replays recorded requests${reason.key === undefined ? '' : ` (${reason.key})`} that this run does not read`;
    case ReasonCode.mockRequestFiltered: return `rewrites the request before matching it${reason.key === undefined ? '' : ` (${reason.key})`}`;
    case ReasonCode.mockCallsRecorded: return `compares what a mock recorded${reason.key === undefined ? '' : ` (${reason.key})`} with the deprecated request`;
    case ReasonCode.mockCallsUnseen: return `cannot see every call it stands for${reason.key === undefined ? '' : ` (${reason.key})`}`;
    case ReasonCode.mockAppCodeUnknown: return `matches any app but checks the body`;
    case ReasonCode.bodyTyped: return `declares a type for the deprecated body that cannot be rewritten with it`;
    default: return `cannot be rewritten exactly`;
  }
}

function settleOne(mock: MockFacts, calls: readonly CallRecord[], reach: Reach, known?: KnownReach): MockDecision {
  const files = reach(mock.file);
  if (files === 'unknown') {
    // Named when a test loads modules past its imports: rerunning over more files would not show them.
    const loader = known?.(mock.file)?.loader;
    return { kind: 'hold', reason: { code: ReasonCode.mockCallsUnseen, ...(loader === undefined ? {} : { key: loader }) } };
  }
  // A handler that names one app by its route alone answers every app once on v3: no other app's call may reach it.
  if (mock.routeOnly === true && mock.appCode !== undefined) {
    const others = calls.filter((call) => files.has(call.file) && call.appCode !== undefined && call.appCode !== mock.appCode);
    // One installed for one test answers the calls of that test: name one of those first.
    const other = (mock.scoped === true ? others.find((call) => call.file === mock.file && call.within === mock.within) : undefined) ?? others[0];
    if (other !== undefined) return { kind: 'hold', reason: { code: ReasonCode.mockOtherApps, key: other.place } };
  }
  const standsFor = calls.filter((call) => files.has(call.file) && mayMatch(mock, call));
  if (standsFor.length === 0) return { kind: 'hold', reason: { code: ReasonCode.mockNoCalls } };
  const held = standsFor.find((call) => !call.migrated && call.keptForMocks !== true);
  if (held !== undefined) return { kind: 'hold', reason: { code: held.unwritten === true ? ReasonCode.mockCallOutsideRun : ReasonCode.mockCallHeld, key: held.place } };
  // A mock of the headers a call's rewrite changes (its form content type becomes JSON's) would match the old ones.
  if (mock.headers === true && standsFor.some((call) => call.changesHeaders === true)) {
    return { kind: 'hold', reason: { code: ReasonCode.mockResolverReads, key: FORM_HEADERS } };
  }
  // `body.business_uid` reads assignee_uid only where every call sends business_uid (and not directory_uid).
  const reads = mock.reads;
  if (reads !== undefined) {
    const other = ASSIGNEE_KEYS.find((key) => key !== reads);
    const exact = standsFor.every((call) => call.body !== undefined && reads in call.body && (other === undefined || !(other in call.body)));
    if (!exact) return { kind: 'hold', reason: { code: ReasonCode.mockResolverReads, key: reads } };
  }
  // `body.is_internal === 'true'` reads the mode exactly where the flag was "true", another string, or absent; a value
  // known only at run time (or boolean `true`, migrated as enabling) may differ.
  for (const flag of mock.flags ?? []) {
    const exact = standsFor.every((call) => call.body !== undefined && (!(flag in call.body) || typeof call.body[flag] === 'string'));
    if (!exact) return { kind: 'hold', reason: { code: ReasonCode.mockResolverReads, key: flag } };
  }
  // `'business_uid' in body` asks `assignee_type === 'business'` only where the key, when sent, is never undefined: a
  // value known only at run time may be, and then the old body had no such key while the v3 body names the type.
  for (const key of mock.tested ?? []) {
    const exact = standsFor.every((call) => call.body !== undefined && (!(key in call.body) || typeof call.body[key] === 'string'));
    if (!exact) return { kind: 'hold', reason: { code: ReasonCode.mockResolverReads, key } };
  }
  return { kind: 'follow' };
}

function mayMatch(mock: MockFacts, call: CallRecord): boolean {
  if (mock.appCode !== undefined && call.appCode !== undefined && mock.appCode !== call.appCode) return false;
  if (mock.body === undefined || call.body === undefined) return true;
  for (const [key, value] of Object.entries(mock.body)) {
    const sent = call.body[key];
    if (sent === undefined && !(key in call.body)) return false;
    if (typeof sent === 'string' && sent !== value) return false;
  }
  return true;
}

/** A mock's plain facts. */
export function mockFactsOf(finding: MockFinding, file: string, shown = file): MockFacts {
  // Named by its file and its test, not its line: a TODO inserted above it moves the line, and a rerun must say the same.
  const where = whereInTests(finding.mock.node);
  const place = shown === '' ? where : `in ${shown}${where === 'at the top level' ? '' : `, ${where}`}`;
  const { mock } = finding;
  // A filter rewrites the request before it is matched: the route and body it names rule out no call.
  const filtered = mock.filter !== undefined;
  const body = !filtered && mock.body?.facts.kind === 'object'
    ? Object.fromEntries(mock.body.facts.entries.flatMap((e) => (e.value.kind === 'string' ? [[e.key, e.value.value] as const] : [])))
    : undefined;
  const reads = mock.bodyReads?.[0]?.key;
  const flags = [...new Set((mock.flagReads ?? []).map((read) => read.key))];
  const tested = mock.keyTests ?? [];
  return {
    file,
    ...(mock.route.appCode === undefined || filtered ? {} : { appCode: mock.route.appCode }),
    ...(body === undefined ? {} : { body }),
    ...(reads === undefined ? {} : { reads }),
    ...(flags.length === 0 ? {} : { flags }),
    ...(tested.length === 0 ? {} : { tested }),
    // A handler, or an interceptor without a body matcher: rewritten, it answers every app's v3 request.
    ...(mock.library === 'msw' || (mock.library !== 'assertion' && mock.body === undefined && mock.checksAppCode !== true) ? { routeOnly: true as const } : {}),
    place,
    ...(insideTest(mock.node) || answersOnce(mock.node) ? { scoped: true as const } : {}),
    ...(mock.fallsThrough === true || installedByFunction(mock.node) ? { partial: true as const } : {}),
    ...(mock.addsBodyRead === undefined ? {} : { addsBodyRead: mock.addsBodyRead }),
    ...(mock.fallsThrough === true && mock.readsRequest === true ? { consumesBody: true as const } : {}),
    ...(mock.checksHeaders === true ? { headers: true as const } : {}),
    ...(mock.negated === true ? { negated: true as const } : {}),
    within: where,
  };
}

/** A call's plain record, with what the run did to it. */
export function callRecordOf(finding: Finding, migrated: boolean, file: string): CallRecord {
  // Kept on the deprecated route for a mock: settled as if migrated, so that each mock says its own reason.
  const keptForMocks = !migrated && finding.reasons.some((reason) => reason.code === ReasonCode.callMockHeld);
  const { facts } = finding.call;
  const body = facts.body.kind === 'object'
    ? Object.fromEntries(facts.body.entries.map((e) => [e.key, e.value.kind === 'string' ? e.value.value : null] as const))
    : undefined;
  return {
    file,
    place: placeOf(finding.call.node, finding.call.ctx),
    ...(facts.appId.kind === 'static' ? { appCode: facts.appId.value } : {}),
    ...(body === undefined ? {} : { body }),
    migrated,
    ...(keptForMocks ? { keptForMocks: true as const } : {}),
    // A wrapper's caller that holds nothing of its own goes with the wrapper's request: it is kept with that request,
    // never for itself.
    ...(finding.repeatsWrapper === true || goesWithWrapper(finding, migrated) ? { withWrapper: true as const } : {}),
    ...(finding.call.body?.form !== undefined ? { changesHeaders: true as const } : {}),
    within: whereInTests(finding.call.node),
  };
}

/**
 * The mock after its calls were settled: as planned, or left with the reason its calls give. A mock that cannot be
 * rewritten for reasons of its own keeps those alone: they hold whatever becomes of its calls, so a second run, when
 * the calls are v3 already, says the same.
 */
export function applyMockDecision(
  finding: MockFinding,
  decision: MockDecision,
  /** Where a handler of the v3 route is in another module its tests reach (a project run), if any. */
  v3Elsewhere?: string,
  /**
   * Where an override that msw runs before this handler (one the mock's tests or the runner's setup files install) may
   * read the body and fall through, if any: a read of the body added to this handler would then fail.
   */
  bodyReader?: string,
): MockFinding {
  const follows = decision.kind === 'follow' || decision.followsAlone === true;
  if (bodyReader !== undefined && follows && finding.outcome !== 'manual' && finding.mock.addsBodyRead !== undefined) {
    const key = `${finding.mock.addsBodyRead} (a read of the body added for it would fail: the handler ${bodyReader} may read the body first and fall through to it)`;
    const keeps = decision.kind === 'hold' && decision.keeps !== undefined ? [{ code: ReasonCode.mockKeepsCalls, key: listed(decision.keeps) }] : [];
    return { mock: finding.mock, outcome: 'manual', reasons: [{ code: ReasonCode.mockResolverReads, key }, ...keeps] };
  }
  // Decided last, so that a handler held for its calls keeps saying so once another one its tests install is on v3.
  if ((decision.kind === 'follow' || decision.followsAlone === true) && finding.outcome !== 'manual' && finding.mock.library !== 'assertion') {
    const taken = v3HandlerIn(programOf(finding.mock.node), finding.mock.ctx) ?? v3Elsewhere;
    if (taken !== undefined) {
      const keeps = decision.kind === 'hold' && decision.keeps !== undefined ? [{ code: ReasonCode.mockKeepsCalls, key: listed(decision.keeps) }] : [];
      return { mock: finding.mock, outcome: 'manual', reasons: [{ code: ReasonCode.mockV3RouteTaken, key: taken }, ...keeps] };
    }
  }
  if (decision.kind === 'follow') return finding;
  // Held for reasons of its own, it keeps calls on the deprecated route: its TODO names them too.
  const keeps = decision.keeps === undefined ? [] : [{ code: ReasonCode.mockKeepsCalls, key: listed(decision.keeps) }];
  if (finding.outcome === 'manual') return keeps.length === 0 ? finding : { ...finding, reasons: [...finding.reasons, ...keeps] };
  // Waiting for a call that keeps the old route: its TODO names that call, and the others it keeps with it.
  if (decision.reason.code === ReasonCode.mockCallHeld || decision.reason.code === ReasonCode.mockCallOutsideRun) {
    const others = (decision.keeps ?? []).filter((place) => place !== decision.reason.key);
    return { mock: finding.mock, outcome: 'manual', reasons: [decision.reason, ...(others.length === 0 ? [] : [{ code: ReasonCode.mockKeepsCalls, key: listed(others) }])] };
  }
  return { mock: finding.mock, outcome: 'manual', reasons: [decision.reason, ...keeps] };
}

/** Names of the functions that load a module without an import or `require` the analysis reads. */
export const LOADERS = /^(?:importActual|requireActual|importMock|requireMock|createRequire)$/;


/**
 * Per file, a mock's calls are all in sight only when the file exports nothing (no test elsewhere uses its mocks)
 * and imports nothing of the program (only the libraries above).
 */
export function showsAllItsCalls(program: TSESTree.Program): boolean {
  for (const statement of program.body) {
    if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration' ||
      statement.type === 'TSExportAssignment') return false;
    if (statement.type === 'ImportDeclaration' && !isLibraryModule(statement.source.value)) return false;
  }
  // A dynamic import, a `require` of the program, or a module loaded past the imports (`vi.importActual(...)`,
  // `jest.requireActual(...)`, `createRequire(...)(...)`).
  return !someNode(program, (node) => {
    if (node.type === 'ImportExpression') return true;
    if (node.type === 'Identifier') return LOADERS.test(node.name);
    if (node.type !== 'CallExpression') return false;
    const arg = node.arguments[0];
    return node.callee.type === 'Identifier' && node.callee.name === 'require' && !(arg?.type === 'Literal' && typeof arg.value === 'string' && isLibraryModule(arg.value));
  });
}

function programOf(node: TSESTree.Node): TSESTree.Node {
  let at = node;
  while (at.parent != null) at = at.parent;
  return at;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

const TEST_FUNCTIONS = /^(?:it|test|describe|suite|specify)$/;

/** Whether a node is written inside a test or a suite (`it('…', () => …)`, `describe.each(…)(…)`). */
function insideTest(node: TSESTree.Node): boolean {
  for (let at = node.parent; at != null; at = at.parent) {
    if (at.type !== 'CallExpression') continue;
    let callee: TSESTree.Node = at.callee;
    while (callee.type === 'MemberExpression' || callee.type === 'CallExpression') callee = callee.type === 'MemberExpression' ? callee.object : callee.callee;
    if (callee.type === 'Identifier' && TEST_FUNCTIONS.test(callee.name) && at.arguments.some((argument) => isFunction(argument))) return true;
  }
  return false;
}

const FILE_WIDE_HOOKS = /^(?:beforeAll|beforeEach|before)$/;

/**
 * Whether a node is written in a function other than the callback of a top-level `beforeAll` / `beforeEach` (a helper
 * such as `platformDown()`, a handler factory): only the tests that call it install it.
 */
function installedByFunction(node: TSESTree.Node): boolean {
  for (let at = node.parent; at != null; at = at.parent) {
    if (at.type === 'FunctionDeclaration') return true;
    if (!isFunction(at)) continue;
    const hook = at.parent;
    return !(hook?.type === 'CallExpression' && hook.arguments.includes(at as TSESTree.CallExpressionArgument) && hook.callee.type === 'Identifier' &&
      FILE_WIDE_HOOKS.test(hook.callee.name) && hook.parent?.type === 'ExpressionStatement' && hook.parent.parent?.type === 'Program');
  }
  return false;
}

/** msw's `http.post(route, resolver, { once: true })`: it answers one request, then stands aside. */
function answersOnce(call: TSESTree.CallExpression): boolean {
  const options = call.arguments[2];
  return options?.type === 'ObjectExpression' && options.properties.some((p) => p.type !== 'Property' || (!p.computed && p.key.type === 'Identifier' && p.key.name === 'once'));
}

/** The innermost test (`it('title', ...)`, `test`, `describe`) or named function around a mock, in words. */
function whereInTests(node: TSESTree.Node): string {
  for (let at = node.parent; at != null; at = at.parent) {
    if (at.type === 'CallExpression') {
      let callee: TSESTree.Node = at.callee;
      // `it.only(...)`, `test.each(...)(...)`: the base name.
      while (callee.type === 'MemberExpression' || callee.type === 'CallExpression') callee = callee.type === 'MemberExpression' ? callee.object : callee.callee;
      const title = at.arguments[0];
      if (callee.type === 'Identifier' && TEST_FUNCTIONS.test(callee.name) && title?.type === 'Literal' && typeof title.value === 'string') {
        return `in the ${callee.name === 'describe' || callee.name === 'suite' ? 'suite' : 'test'} ${JSON.stringify(title.value)}`;
      }
    }
    if (at.type === 'FunctionDeclaration' && at.id !== null) return `in ${at.id.name}`;
    if ((at.type === 'ArrowFunctionExpression' || at.type === 'FunctionExpression') && at.parent?.type === 'VariableDeclarator' && at.parent.id.type === 'Identifier') {
      return `in ${at.parent.id.name}`;
    }
  }
  return 'at the top level';
}
