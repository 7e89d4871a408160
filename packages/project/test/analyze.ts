// Runs the project analysis over a folder as the codemod does: the loader's resolution and importers, core's parser.
import { readFileSync } from 'node:fs';
import { DEFAULT_ANALYSIS_OPTIONS } from '@app-assignment/core';
import { parseSource } from '@app-assignment/core/parse';
import { loadProject, ProjectAnalysis, type ProjectAnalysisResult } from '@app-assignment/project';

export function analyze(root: string, files?: readonly string[]): ProjectAnalysisResult {
  const project = loadProject(root);
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const analysis = new ProjectAnalysis({
    root,
    resolveImport: (from, specifier) => project.resolveImport(from, specifier),
    importersOf: (file) => project.importersOf(file, (f) => read(f) ?? ''),
    readText: read,
    parse: parseSource,
    options: DEFAULT_ANALYSIS_OPTIONS,
  });
  return analysis.analyze(files ?? project.sourceFiles);
}

