// electron-builder's configuration as electron-builder reads it (electron-builder.yml), and the
// parts of electron-builder the packaging tests use: its JSON schema and its own classes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';

export const projectDir = join(import.meta.dirname, '..', '..');
export const requireFromProject = createRequire(join(projectDir, 'package.json'));

type BuilderConfig = Record<string, unknown> & {
  electronFuses?: Record<string, boolean>;
  files?: string[];
  extraResources?: Array<{ from: string; to: string; filter: string[] }>;
  directories?: { output?: string; buildResources?: string };
};

export function builderConfig(): BuilderConfig {
  return parse(readFileSync(join(projectDir, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
}

export function builderSchema(): object {
  return requireFromProject('app-builder-lib/scheme.json') as object;
}

export function packageJson(): Record<string, unknown> & {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
  engines: Record<string, string>;
} {
  return JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8'));
}
