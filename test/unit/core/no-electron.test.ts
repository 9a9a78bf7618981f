// The engine must run in plain Node: nothing under src-main/core may import electron, directly or
// through another file. Checked twice: statically over the import graph, and by running it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const coreDir = join(import.meta.dirname, '../../../src-main/core');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the core is Electron-free', () => {
  it('has no import of electron in any file under src-main/core', () => {
    const offenders = sourceFiles(coreDir).filter((file) =>
      /(from\s+|import\s*\(\s*|require\s*\(\s*)['"]electron['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => relative(coreDir, f))).toEqual([]);
  });

  it('imports and runs in plain Node without loading electron', async () => {
    expect(process.versions.electron).toBeUndefined();
    let electronLoaded = false;
    vi.doMock('electron', () => {
      electronLoaded = true;
      return {};
    });
    const { createCore } = await import('../../../src-main/core/index');
    const { hostFor, tempDir } = await import('../../helpers/core-fixture');
    const core = await createCore(hostFor(null, tempDir()));
    const info = await core.invoke('app.info', {});
    expect(info.sandboxUrl).toBeNull();
    await core.close();
    expect(electronLoaded).toBe(false);
  });
});
