/**
 * Test mocks and assertions of the deprecated request, as another front of the one analysis: recognized by reference
 * to their libraries, planned by the call planner, rendered by the call renderer, and settled against the calls they
 * stand for.
 */
export type { BodyKeyRead, FlagKeyRead, MockLibrary, MockSite, ResolverEdit } from './site.js';
export type { MockRoute } from './route.js';
export { mayContainMock, mayMentionRequest, recognizeMock } from './recognize.js';
export { analyzeMocks, asCall, type MockFinding, planMock } from './plan.js';
export {
  applyMockDecision,
  callRecordOf,
  callsKeptByMocks,
  callsStoodFor,
  type CallRecord,
  type KnownReach,
  type MockDecision,
  type MockFacts,
  mockFactsOf,
  type Reach,
  settleMocks,
  mockKind,
  showsAllItsCalls,
} from './settle.js';
export { holdBack, keepCallsForMocks } from './keep.js';
export { isLibraryModule } from './libraries.js';
export { v3HandlerIn } from './v3-handlers.js';
export { bodyReadingOverrideIn } from './msw.js';
