/**
 * `scan --format sarif`: SARIF 2.1.0 for GitHub code scanning. One result per site, under the ESLint rule's id, so
 * that results line up with `@microsoft/eslint-formatter-sarif`'s for the same code (same rule id, same start line
 * and column). URIs are relative to the repository root (`%SRCROOT%`); each result's `partialFingerprints` hash the
 * call's own text, not its line, so that a result survives the code above it moving.
 */
import { pathToFileURL } from 'node:url';
import { DEPRECATED_ASSIGN, TODO_PREFIX, V3_ASSIGN } from '@app-assignment/core';
import { SarifBuilder, SarifResultBuilder, SarifRuleBuilder, SarifRunBuilder } from 'node-sarif-builder';
import type { Log } from 'sarif';
import { adviceOf, AUTOMATIC, type LocatedSite, sitesOf, titleOf, WHAT_TO_DO } from './catalogue.js';
import { FINGERPRINT_KEY, fingerprintsOf, RULE_ID } from './fingerprint.js';
import type { ScanReport } from './model.js';

export { FINGERPRINT_KEY, RULE_ID };
export const RULE_HELP_URI =
  'https://github.com/app-assignment/app-assignment/blob/main/packages/eslint-plugin/docs/rules/no-deprecated-assign.md';
export const SRCROOT = '%SRCROOT%';

const DEPRECATED = `${DEPRECATED_ASSIGN.method} ${DEPRECATED_ASSIGN.route} is deprecated: use ${V3_ASSIGN.method} ${V3_ASSIGN.path}`;

export interface SarifInput {
  readonly report: ScanReport;
  readonly version: string;
  /** The repository root as an absolute folder: URIs are relative to it. */
  readonly root: string;
  /** The text of a file by its root-relative path, for fingerprints. */
  readonly textOf: (path: string) => string | undefined;
}

export function toSarif({ report, version, root, textOf }: SarifInput): Log {
  const builder = new SarifBuilder();
  const run = new SarifRunBuilder().initSimple({
    toolDriverName: 'app-assignment',
    toolDriverVersion: version,
    url: 'https://github.com/app-assignment/app-assignment',
  });
  const rule = new SarifRuleBuilder().initSimple({
    ruleId: RULE_ID,
    shortDescriptionText: `Disallow the deprecated ${DEPRECATED_ASSIGN.route} operation; migrate to ${V3_ASSIGN.method} ${V3_ASSIGN.path}`,
    fullDescriptionText: `${DEPRECATED}. Calls with an exact rewrite are migrated by "app-assignment migrate"; the others are left with a "${TODO_PREFIX}" comment that says why.`,
    helpUri: RULE_HELP_URI,
  });
  rule.rule.help = { text: helpText(), markdown: helpMarkdown() };
  rule.rule.defaultConfiguration = { level: 'error' };
  rule.rule.properties = { tags: ['deprecation', 'migration'], precision: 'high', 'problem.severity': 'error' };
  run.addRule(rule);

  const sites = sitesOf(report.files);
  const fingerprints = fingerprintsOf(sites, textOf);
  sites.forEach((site, index) => {
    const result = new SarifResultBuilder().initSimple({
      level: 'error',
      ruleId: RULE_ID,
      messageText: messageOf(site),
      fileUri: encodeURI(site.path),
      startLine: site.line,
      startColumn: site.column,
    });
    // initSimple sets an end equal to the start; a start alone says "the call that starts here".
    const location = result.result.locations![0]!.physicalLocation!;
    location.region = { startLine: site.line, startColumn: site.column };
    location.artifactLocation = { uri: encodeURI(site.path), uriBaseId: SRCROOT };
    result.result.partialFingerprints = { [FINGERPRINT_KEY]: fingerprints[index]! };
    result.result.properties = {
      kind: site.kind,
      client: site.client,
      outcome: site.outcome,
      migrated: site.migrated,
      reasonCodes: site.reasons.map((r) => r.code),
      via: site.via.map((v) => `${v.path}:${v.line}`),
    };
    run.addResult(result);
  });
  const log = builder;
  log.addRun(run);
  const output = log.buildSarifOutput();
  const only = output.runs[0]!;
  only.originalUriBaseIds = { [SRCROOT]: { uri: pathToFileURL(root.endsWith('/') ? root : `${root}/`).href } };
  for (const artifact of only.artifacts ?? []) {
    if (artifact.location !== undefined) artifact.location.uriBaseId = SRCROOT;
  }
  const errors = report.files.filter((file) => file.error !== undefined);
  only.invocations = [
    {
      // A file no parser could read safely fails the scan as a syntax error does (exit 1).
      executionSuccessful: errors.length === 0 && !report.files.some((file) => file.unparsable === true),
      toolExecutionNotifications: [
        ...errors.map((file) => ({
          level: 'error' as const,
          message: { text: file.error! },
          locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(file.path), uriBaseId: SRCROOT } } }],
        })),
        // A file the scan did not read may hold calls that no result shows.
        ...report.files.filter((file) => file.status === 'skipped').map((file) => ({
          level: 'warning' as const,
          message: { text: `${file.path}: skipped, ${file.unparsable === true ? 'not parsed' : 'not read'}: ${file.skipped ?? 'skipped'}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(file.path), uriBaseId: SRCROOT } } }],
        })),
        // A part of a component file the scan did not read (an external script, the route in markup) likewise.
        ...report.files.flatMap((file) => (file.unread ?? []).map((part) => ({
          level: 'warning' as const,
          message: { text: `${file.path}:${part.line}: not read: ${part.reason}` },
          locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(file.path), uriBaseId: SRCROOT }, region: { startLine: part.line } } }],
        }))),
      ],
    },
  ];
  return output;
}

function messageOf(site: LocatedSite): string {
  if (site.reason !== undefined) return site.reason;
  return `${DEPRECATED}; "app-assignment migrate" rewrites this call exactly.`;
}

const CODES = Object.keys(WHAT_TO_DO);

function helpText(): string {
  const lines = [`${DEPRECATED}.`, '', `Every call left for a person carries a "${TODO_PREFIX}" comment that gives the reason. Reasons and what to do:`];
  for (const code of [AUTOMATIC, ...CODES]) lines.push(`- ${titleOf(code)}\n  what to do: ${adviceOf(code)}`);
  return lines.join('\n');
}

function helpMarkdown(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    `${DEPRECATED}.`,
    '',
    `Run \`app-assignment migrate\` to rewrite the calls whose v3 form is exact. Every other call carries a \`${TODO_PREFIX}\` comment that gives the reason:`,
    '',
    '| reason | what to do |',
    '|---|---|',
  ];
  for (const code of [AUTOMATIC, ...CODES]) lines.push(`| ${cell(titleOf(code))} | ${cell(adviceOf(code))} |`);
  return lines.join('\n');
}
