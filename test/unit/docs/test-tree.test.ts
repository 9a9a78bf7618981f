// The test tree mirrors the code: the engine's unit tests under test/unit/core/<domain>/, the
// integration tests under test/integration/<domain>/, no test file loose at the top of either, and
// no test folder named for a domain the engine does not have.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const entries = (dir: string) => readdirSync(join(ROOT, dir));
const folders = (dir: string) =>
  entries(dir).filter((n) => statSync(join(ROOT, dir, n)).isDirectory());

// What the engine is made of, and the other parts of the code with tests of their own.
const ENGINE_DOMAINS = folders('src-main/core');
const UNIT_PARTS = [
  'core', // the engine: one folder per domain below it
  ...folders('src-main').filter((d) => d !== 'core'), // cli, electron, headless, host-start, sandbox
  'renderer',
  'contract',
  'spec',
  'shared',
  'lint',
  'packaging',
  'docs',
  'security',
  'bench', // the benches' own tooling (bench/*.mjs), such as the trace summary
];

describe('the test tree', () => {
  it('has no test file loose at the top of test/unit, test/unit/core beyond the engine-wide ones, or test/integration', () => {
    const loose = [
      ...entries('test/unit').filter((n) => n.endsWith('.test.ts')),
      ...entries('test/integration').filter((n) => n.endsWith('.test.ts')),
    ];
    expect(loose).toEqual([]);
    // What tests the engine as a whole (its dispatch, that it runs without Electron) stays at core/.
    const engineWide = entries('test/unit/core').filter((n) => n.endsWith('.test.ts'));
    expect(engineWide.sort()).toEqual([
      'dispatch.test.ts',
      'iso-now.test.ts',
      'no-electron.test.ts',
    ]);
  });

  it("names each unit folder for a part of the code, and test/unit/core's for an engine domain", () => {
    expect(folders('test/unit').filter((d) => !UNIT_PARTS.includes(d))).toEqual([]);
    expect(folders('test/unit/core').filter((d) => !ENGINE_DOMAINS.includes(d))).toEqual([]);
  });

  it('names each integration folder for an engine domain or another part of the code', () => {
    const parts = [...ENGINE_DOMAINS, ...UNIT_PARTS, 'restart', 'servers'];
    expect(folders('test/integration').filter((d) => !parts.includes(d))).toEqual([]);
  });
});
