/**
 * A client kept in a public field of a class is read like a private one when nothing outside the class writes it:
 * in project mode every file of the run is looked at; read alone, a module that exports the class cannot tell.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { migrateIn, projectTrees } from './helpers/project-tree.js';

const PLATFORM = `import axios, { type AxiosInstance } from 'axios';
export class PlatformClient {
  http: AxiosInstance;
  constructor(baseURL: string) {
    this.http = axios.create({ baseURL });
  }
  assign(code: string, uid: string) {
    return this.http.post(\`/platform/v1/apps/\${code}/assign\`, { business_uid: uid });
  }
}
`;

interface Report {
  files: { path: string; sites: { line: number; migrated: boolean; reasons: { code: string; key?: string }[] }[] }[];
}

describe('a public field set once in the constructor of an exported class', () => {
  const trees = projectTrees();
  afterAll(() => trees.removeAll());
  const platformSites = (report: Report) => report.files.find((f) => f.path === 'src/platform.ts')?.sites
    .map((s) => [s.migrated, s.reasons.map((r) => `${r.code}:${r.key ?? ''}`)]);

  it('project mode: written nowhere else, the call is rewritten', async () => {
    const dir = trees.project({ 'src/platform.ts': PLATFORM, 'src/main.ts': "import { PlatformClient } from './platform.js';\nexport const client = new PlatformClient('https://api.example.com');\n" });
    expect(platformSites(await migrateIn<Report>(dir))).toEqual([[true, []]]);
  });

  it('project mode: another module gives an instance another client, the call is left with a TODO naming the field', async () => {
    const dir = trees.project({
      'src/platform.ts': PLATFORM,
      'src/main.ts': "import axios from 'axios';\nimport { PlatformClient } from './platform.js';\nexport const client = new PlatformClient('https://api.example.com');\nclient.http = axios.create({ params: { is_internal: 'true' } });\n",
    });
    expect(platformSites(await migrateIn<Report>(dir))).toEqual([[false, ['client-field-unknown:this.http']]]);
  });

  it('read alone, the exported class may be written anywhere: a TODO', async () => {
    const dir = trees.project({ 'src/platform.ts': PLATFORM });
    expect(platformSites(await migrateIn<Report>(dir, ['.', '--no-project']))).toEqual([[false, ['client-field-unknown:this.http']]]);
  });
});
