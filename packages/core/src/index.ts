/**
 * @app-assignment/core: one analysis of calls to the deprecated `POST /platform/v1/apps/{id}/assign`.
 *
 * - contract: the API document's routes, field names and enum values, as data.
 * - plan: the pure planner (facts about a call -> its v3 body, or why it needs a person).
 * - recognize: the call-site recognizer over ESTree (espree or typescript-estree trees).
 * - render: plans -> text edits (and the codemod's TODO comment).
 * - analyze: all of it for one call or one program; what every front end calls.
 */
export * from './contract.js';
export * from './reasons.js';
export * from './plan.js';
export type { AnalysisOptions, Bindings, Bound, ClientConfig, ModuleFound, ProjectFacts, RouteConfig, SourceContext } from './context.js';
export { DEFAULT_ANALYSIS_OPTIONS } from './context.js';
export { OPTIONS_SCHEMA_PROPERTIES, validateOptions, type OptionsInput } from './options.js';
export type { ScopeLike, VariableLike, DefinitionLike, ReferenceLike } from './scope.js';
export { type AssignCall, type AppCodeSource, type ClientKind, mayContainAssignCall, recognizeAssignCall, type ViaStep } from './recognize.js';
export { applyEdits, renderMigration, renderTodo, staleGroupTodo, type TextEdit, type TodoPeers } from './render.js';
export { analyzeCall, analyzeProgram, analyzeRequestObject, type Choice, type Finding, type Outcome } from './analyze.js';
export { enclosingStatement, forEachCall } from './syntax.js';
export { type FunctionUses, nameOf, placeOf, settleWrappers, type UnreadUse, usesInFile } from './wrappers.js';
export { callersGoingWith, filesOutside, goesWithWrapper, sharingCode, type WriteGroup, writeGroups } from './groups.js';
export { calledFunction, type CalledFunction, valueOfName, type NameValue } from './follow.js';
export * from './interface/index.js';
export * from './mocks/index.js';
export {
  declared, declaresOwnOnly, exportedFromModule, exportedNames, exportsAnything, findingsInRounds, findTopLevel, importedUses, type ImporterRounds, inPublishedPackage, isStackOverflow,
  MAX_IMPORTER_ROUNDS, mayUseNames, type ModuleFile, moduleSpellsAll, nameOfModuleName, namePattern, ownUses, sendingFunctions, specifierFor, topLevelDeclarations,
} from './module-uses.js';
export { isUnreadPage, PAGE_FILE, runsCode, unreadNaming } from './pages.js';
export { type DeclarationUses, type PlaceOfUse, placeOfUseIn, settleTypedBodies } from './shared-types.js';
export type { SharedType, TypeDeclaration, TypeEdit } from './typed-body.js';
export { MAX_NESTING_DEPTH, nestingDepth } from './text-facts.js';
export { bodyReaderBeforeTests, type RunnerSetup, runnerSetupFilesIn, runnerSetupIn, unreadSetupPlace, type UnreadSetup, v3MockBeforeTests } from './runner-setup.js';
