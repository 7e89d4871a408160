/**
 * @app-assignment/contract-server: a real HTTP server that implements the app-assignment API document, for
 * end-to-end tests that run an application before and after its migration and compare what the server holds.
 * See docs/contract-server.md.
 */
export { start, type StartOptions, type ContractServer } from './server.js';
export type { Assignment, AssignedVia } from './state.js';
export {
  defaultSeed,
  loadSeed,
  validateSeed,
  SeedError,
  type Seed,
  type SeedApp,
  type SeedBusiness,
  type SeedDirectory,
  type SeedToken,
  type TokenKind,
} from './seed.js';
export type { ReportFields } from './report-fields.js';
export { BODY_LIMIT_BYTES, DRAIN_LIMIT_BYTES } from './http.js';
export { CONTRACT_HELPER_PATHS } from './routes/contract-helpers.js';
