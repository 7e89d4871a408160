// Types of report-proof.mjs, for the TypeScript tests that use it.
export interface ReportFinding {
  readonly line: number;
  readonly column: number;
  readonly ruleId: string;
  readonly message: string;
  readonly fixable: boolean;
  readonly suggestions: readonly string[];
}
export interface ReportLookup {
  readonly email: string;
  readonly status: number;
  readonly businessName?: string;
  readonly smsBalance?: number;
}
export const REPORT_MODULE: string;
export const REPORT_RULES: readonly string[];
export function lintReport(dir: string): Promise<ReportFinding[]>;
export function fixReport(dir: string): Promise<number>;
export function applyReportSuggestions(dir: string, messageIds: readonly string[]): Promise<string[]>;
export function runReport(dir: string, server: { readonly url: string }, emails: readonly string[]): Promise<ReportLookup[]>;
