/**
 * A typed body is rewritten together with its type: every case of the corpus where that happens compiles, before and
 * after, with the TypeScript compiler and the axios types the sample app installs; had only the value changed, the
 * old type would reject the v3 keys.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../../../fixtures/load.js';
import { loadMockCases } from '../../../fixtures/mocks/load.js';
import { compileConfig } from '../../../scripts/lib/compile.mjs';
import { SAMPLE_APP } from '../../../scripts/lib/proof.mjs';
import { makeTempDir } from '../../../scripts/lib/temp.mjs';

const TSCONFIG = { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: [], strict: true, noEmit: true, skipLibCheck: true } };

/** The compiler's complaints about some files (each a module), beside the sample app's node_modules; empty when they compile. */
function compileErrors(files: Record<string, string>): string {
  const dir = makeTempDir('app-assignment-typed-');
  symlinkSync(join(SAMPLE_APP, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: Object.keys(files) }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  try {
    compileConfig(join(dir, 'tsconfig.json'));
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const retyped = loadCases().filter((fixture) => fixture.name.includes('-typed-body-') && fixture.finding?.outcome === 'fix');

describe('typed bodies rewritten with their types', () => {
  it('compile before and after, in every case of the corpus', () => {
    expect(retyped.length).toBeGreaterThanOrEqual(3);
    expect(compileErrors(Object.fromEntries(retyped.map((fixture) => [`${fixture.name}.ts`, fixture.input])))).toBe('');
    expect(compileErrors(Object.fromEntries(retyped.map((fixture) => [`${fixture.name}.ts`, fixture.output!])))).toBe('');
  });

  it('would not compile with the value changed alone', () => {
    // The output with each rewritten type put back as it was: the old type rejects the v3 body.
    const fixture = retyped.find((c) => c.name === 'axios-typed-body-local-interface-used-once-fix')!;
    const oldType = /interface AssignAppRequest \{[^}]*\}/.exec(fixture.input)![0];
    const valueOnly = fixture.output!.replace(/interface AssignAppRequest \{[\s\S]*?\n\}/, oldType);
    expect(valueOnly).toContain(oldType);
    expect(compileErrors({ 'value-only.ts': valueOnly })).toContain('assignee_type');
  });
});

describe('msw handlers typed with the old body, rewritten with their types', () => {
  const handlers = loadMockCases().filter((fixture) => ['msw-params-id-typed-handler-fix', 'msw-typed-body-v3-type-fix'].includes(fixture.name));

  it("compile before and after with msw 2's types: the empty params of the v3 route, and the v3 body", () => {
    expect(handlers).toHaveLength(2);
    expect(compileErrors(Object.fromEntries(handlers.map((fixture) => [`${fixture.name}.ts`, fixture.input])))).toBe('');
    expect(compileErrors(Object.fromEntries(handlers.map((fixture) => [`${fixture.name}.ts`, fixture.output])))).toBe('');
  });

  it('would not compile with the reads changed alone: the old body type has no app_code_name', () => {
    const fixture = handlers.find((c) => c.name === 'msw-params-id-typed-handler-fix')!;
    const oldType = /interface AssignAppRequest \{[^}]*\}/.exec(fixture.input)![0];
    const readsOnly = fixture.output.replace(/interface AssignAppRequest \{[\s\S]*?\n\}/, oldType);
    expect(readsOnly).toContain(oldType);
    expect(compileErrors({ 'reads-only.ts': readsOnly })).toContain('app_code_name');
  });
});
