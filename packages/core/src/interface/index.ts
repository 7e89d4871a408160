/**
 * The rest of the interface the API document describes, beyond the deprecated assignment: the partner report query,
 * the report record's malformed key, the app id a path or a v3 body takes, the directory-token rules. Each module
 * builds on the shared recognition (clients, URLs, scopes) and on `analyzeCall` for the deprecated call.
 */
export * from './report-query.js';
export * from './app-id.js';
export * from './directory-token.js';
