// The icon set electron-builder.yml names: made from resources/icon.svg by `npm run icons`, each
// PNG the size its name says, from 16 px (Linux menus) to 1024 px (the macOS .icns).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderConfig, projectDir } from '../../helpers/builder-config';

function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1'), `${path} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the icon set', () => {
  it('has every size from 16 to 1024 px, each as large as its name says', () => {
    const dir = join(projectDir, 'resources', 'icons');
    const names = readdirSync(dir).sort((a, b) => parseInt(a) - parseInt(b));
    expect(names).toEqual([16, 24, 32, 48, 64, 128, 256, 512, 1024].map((n) => `${n}x${n}.png`));
    for (const name of names) {
      const n = parseInt(name);
      expect(pngSize(join(dir, name)), name).toEqual({ width: n, height: n });
    }
  });

  it('is what the configuration names, with one source image beside it', () => {
    const config = builderConfig() as Record<string, { icon?: string }>;
    expect(pngSize(join(projectDir, config['mac']!.icon!))).toEqual({ width: 1024, height: 1024 });
    expect(config['win']!.icon).toBe(config['mac']!.icon);
    expect(existsSync(join(projectDir, config['linux']!.icon!, '512x512.png'))).toBe(true);
    expect(readFileSync(join(projectDir, 'resources', 'icon.svg'), 'utf8')).toMatch(/^<svg /);
  });
});
