// Types of proof.mjs, for the TypeScript tests that use it.
export interface Assignment {
  readonly app_code_name: string;
  readonly assignee_type: 'business' | 'directory';
  readonly assignee_uid: string;
  readonly assignment_mode: 'internal' | 'pre_installed' | null;
  readonly built_in: boolean;
  readonly via: 'v1' | 'v3';
}
export interface StepRun {
  readonly step: string;
  readonly status: number;
  readonly assignments: readonly Assignment[];
}
export interface Comparison {
  readonly step: string;
  readonly migrated: boolean;
  readonly same: boolean;
  readonly before: StepRun;
  readonly after: StepRun;
}
export interface MigrateReport {
  readonly mode: { readonly kind: 'project' | 'file' };
  readonly files: readonly {
    readonly path: string;
    readonly status: string;
    readonly sites: readonly { readonly kind: string; readonly reasons: readonly { readonly code: string }[] }[];
  }[];
  readonly totals: {
    readonly files: number;
    readonly changed: number;
    readonly migrated: number;
    readonly todos: number;
    readonly errors: number;
    readonly mocks?: { readonly migrated: number; readonly todos: number };
  };
}
export interface AppTestRun {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  /** Each failed test (or test file that did not load) with the runner's words. */
  readonly failures: readonly string[];
}
export const SAMPLE_APP: string;
export const CLI: string;
export function copySampleApp(label: string): string;
export function compile(dir: string): void;
export function migrate(dir: string, extraArgs?: readonly string[], paths?: readonly string[]): MigrateReport;
export function runAppTests(dir: string): Promise<AppTestRun>;
export function stepsOf(dir: string): Promise<string[]>;
export function runSteps(dir: string, server: { readonly url: string; reset(): void; assignments(): Assignment[] }): Promise<StepRun[]>;
export function meaning(assignment: Assignment): Omit<Assignment, 'via'>;
export function compareRuns(before: readonly StepRun[], after: readonly StepRun[]): Comparison[];
