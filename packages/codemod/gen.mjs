import { migrateText } from '@app-assignment/codemod';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
for (const name of process.argv.slice(2)) {
  const dir = `fixtures/cases/${name}`;
  const input = readFileSync(`${dir}/input.ts`, 'utf8');
  const r = migrateText(input, 'input.ts');
  console.log(name, JSON.stringify(r.sites.map(s => [s.line, s.column, s.outcome, s.reasons.map(x => x.code)])));
  if (!existsSync(`${dir}/output.ts`) && r.sites.length > 0) { writeFileSync(`${dir}/output.ts`, r.output); console.log(r.output); }
  else if (existsSync(`${dir}/output.ts`) && readFileSync(`${dir}/output.ts`, 'utf8') !== r.output) { console.log('DIFFERS'); console.log(r.output); }
}
