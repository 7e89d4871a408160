/**
 * The report query's proof, shared by its test and the demo: the sample app's report module is linted, fixed in
 * stages on a copy (`eslint --fix`, then chosen suggestions), compiled, and run against the contract server, so that
 * each change shows what it does to a real request.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

const execFileAsync = promisify(execFile);

/** The sample app's report module, relative to the app. */
export const REPORT_MODULE = 'src/report/business-report.ts';
/** Rules whose findings the report step shows. */
export const REPORT_RULES = ['app-assignment/valid-report-query', 'app-assignment/no-malformed-report-field'];

/** The report rules' findings in the report module: where, which rule, fixable or which suggestions. */
export async function lintReport(dir) {
  const [result] = await new ESLint({ cwd: dir }).lintFiles([REPORT_MODULE]);
  return result.messages
    .filter((m) => REPORT_RULES.includes(m.ruleId))
    .map((m) => ({
      line: m.line,
      column: m.column,
      ruleId: m.ruleId,
      message: m.message,
      fixable: m.fix !== undefined,
      suggestions: (m.suggestions ?? []).map((s) => s.messageId),
    }));
}

/** `eslint --fix` on the report module; returns how many fixes were applied. */
export async function fixReport(dir) {
  const before = (await lintReport(dir)).filter((f) => f.fixable).length;
  const results = await new ESLint({ cwd: dir, fix: true }).lintFiles([REPORT_MODULE]);
  await ESLint.outputFixes(results);
  return before;
}

/**
 * Applies, in the report module, the suggestion with each of the given message ids (the first finding that offers
 * it, one at a time, linting again after each: edits shift the text). Returns the ids applied.
 */
export async function applyReportSuggestions(dir, messageIds) {
  const file = join(dir, REPORT_MODULE);
  const applied = [];
  for (const id of messageIds) {
    const [result] = await new ESLint({ cwd: dir }).lintFiles([REPORT_MODULE]);
    const suggestion = result.messages.flatMap((m) => m.suggestions ?? []).find((s) => s.messageId === id);
    if (suggestion === undefined) continue;
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + text.slice(suggestion.fix.range[1]));
    applied.push(id);
  }
  return applied;
}

/** Runs the compiled app's report lookup for the e-mail addresses against `server`; one result per address. */
export async function runReport(dir, server, emails) {
  const { stdout } = await execFileAsync(process.execPath, [join(dir, 'dist', 'report-main.js'), ...emails], {
    env: { ...process.env, APP_API_BASE: server.url },
  });
  return stdout.trim().split('\n').map((line) => JSON.parse(line));
}
