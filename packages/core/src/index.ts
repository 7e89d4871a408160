/**
 * @app-assignment/core: one analysis of calls to the deprecated `POST /platform/v1/apps/{id}/assign`.
 *
 * - contract: the API document's routes, field names and enum values, as data.
 * - plan: the pure planner (facts about a call -> its v3 body, or why it needs a person).
 * - recognize: the call-site recognizer over ESTree (espree or typescript-estree trees).
 * - render: plans -> text edits (and the codemod's TODO comment).
 * - analyze: all of it for one call or one program; what every front end calls.
 */
export * from './facts/contract.js';
export * from './facts/reasons.js';
export * from './plan/plan.js';
export type { AnalysisOptions, Bindings, Bound, ClientConfig, ModuleFound, ProjectFacts, RouteConfig, SourceContext } from './facts/context.js';
export { DEFAULT_ANALYSIS_OPTIONS } from './facts/context.js';
export { OPTIONS_SCHEMA_PROPERTIES, validateOptions, type OptionsInput } from './facts/options.js';
export type { ScopeLike, VariableLike, DefinitionLike, ReferenceLike } from './facts/scope.js';
export { type AssignCall, type AppCodeSource, type ClientKind, mayContainAssignCall, recognizeAssignCall, type ViaStep } from './recognize/recognize.js';
export { applyEdits, renderMigration, renderTodo, staleGroupTodo, type TextEdit, type TodoPeers } from './render/render.js';
export { analyzeCall, analyzeProgram, analyzeRequestObject, type Choice, type Finding, type Outcome } from './analysis/analyze.js';
export { enclosingStatement, forEachCall } from './facts/syntax.js';
export { type FunctionUses, nameOf, placeOf, settleWrappers, type UnreadUse, usesInFile } from './merge/wrappers.js';
export { type BindingUses, type ContextOf, endpointUses, type HeldUse } from './merge/endpoint-uses.js';
export { callersGoingWith, filesOutside, goesWithWrapper, sharingCode, type WriteGroup, writeGroups } from './merge/groups.js';
export { calledFunction, type CalledFunction, valueOfName, type NameValue } from './recognize/follow.js';
export * from './interface/index.js';
export * from './mocks/index.js';
export {
  declared, declaresOwnOnly, exportedFromModule, exportedNames, exportsAnything, findingsInRounds, findTopLevel, importedUses, type ImporterRounds, inPublishedPackage, isStackOverflow,
  MAX_IMPORTER_ROUNDS, mayUseNames, type ModuleFile, moduleSpellsAll, nameOfModuleName, namePattern, ownUses, sendingFunctions, specifierFor, topLevelDeclarations,
} from './analysis/module-uses.js';
export { isUnreadPage, PAGE_FILE, runsCode, unreadNaming } from './facts/pages.js';
export { type DeclarationUses, type PlaceOfUse, placeOfUseIn, settleTypedBodies } from './merge/shared-types.js';
export type { SharedType, TypeDeclaration, TypeEdit } from './recognize/typed-body.js';
export { MAX_NESTING_DEPTH, nestingDepth } from './facts/text-facts.js';
export { bodyReaderBeforeTests, type RunnerSetup, runnerSetupFilesIn, runnerSetupIn, unreadSetupPlace, type UnreadSetup, v3MockBeforeTests } from './analysis/runner-setup.js';
