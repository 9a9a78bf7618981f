// docs/architecture.md is the map a new engineer reads first: it must name every domain of the
// engine, every module of the contract, every folder of the renderer's features and every store.
// Read against the tree, so a domain added without its line in the map fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const MAP = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

const folders = (dir: string) =>
  readdirSync(join(ROOT, dir)).filter((n) => statSync(join(ROOT, dir, n)).isDirectory());

function filesNamed(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesNamed(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** The text of one `## ` section of the map. */
function section(title: string): string {
  const start = MAP.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/architecture.md has no section "${title}"`);
  const end = MAP.indexOf('\n## ', start + 1);
  return MAP.slice(start, end < 0 ? undefined : end);
}

describe('docs/architecture.md against the tree', () => {
  it('names every folder of the engine (src-main/core/) and of src-main/ in its map', () => {
    const missing = [
      ...folders('src-main/core').map((d) => `${d}/`),
      ...folders('src-main').map((d) => `src-main/${d}/`),
    ].filter((d) => !MAP.includes(d));
    expect(missing).toEqual([]);
  });

  it("names every module of the contract in 'The contract'", () => {
    const text = section('The contract');
    const modules = readdirSync(join(ROOT, 'src-shared/contract'))
      .filter((n) => n.endsWith('.ts'))
      .map((n) => n.replace(/\.ts$/, ''));
    expect(modules.filter((m) => !text.includes(`\`${m}\``) && !text.includes(`${m}.ts`))).toEqual(
      [],
    );
  });

  it("names every feature folder and every store in 'The renderer'", () => {
    const text = section('The renderer');
    const features = folders('src-renderer/src/features').filter((f) => !text.includes(`${f}/`));
    const stores = filesNamed('src-renderer/src', /-store\.ts$/)
      .map((f) => basename(f, '.ts'))
      .filter((s) => !text.includes(`\`${s}\``));
    expect({ features, stores }).toEqual({ features: [], stores: [] });
  });
});
