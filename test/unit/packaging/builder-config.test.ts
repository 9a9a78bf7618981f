// electron-builder.yml checked the way electron-builder checks it (its own JSON schema), and the
// fuses it flips, read back through electron-builder's own translation to @electron/fuses.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  builderConfig,
  builderSchema,
  packageJson,
  requireFromProject,
} from '../../helpers/builder-config';

// Compiled once, on import: the schema is large, and compiling it takes seconds on a busy machine.
// It uses its own annotation keywords, which strict mode would refuse.
const validate = new Ajv({ allErrors: true, strict: false }).compile(builderSchema());
// Loaded on import too, for the same reason (app-builder-lib is large).
const { PlatformPackager } = requireFromProject('app-builder-lib') as {
  PlatformPackager: { prototype: { generateFuseConfig(f: unknown): Promise<object> } };
};

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s own schema', () => {
    const valid = validate(builderConfig());
    expect(validate.errors ?? [], 'schema errors').toEqual([]);
    expect(valid).toBe(true);
  });

  it('would be refused by that schema with a misspelt or misplaced option', () => {
    expect(validate({ ...builderConfig(), electronFuse: { runAsNode: false } })).toBe(false);
    expect(validate({ ...builderConfig(), electronFuses: { runAsNodes: false } })).toBe(false);
    expect(validate({ ...builderConfig(), dmg: { oneClick: false } })).toBe(false);
  });

  it('builds AppImage and deb, dmg for x64 and arm64, and NSIS', () => {
    const config = builderConfig() as Record<string, { target: unknown }>;
    expect(config['linux']!.target).toEqual(['AppImage', 'deb']);
    expect(config['mac']!.target).toEqual([{ target: 'dmg', arch: ['x64', 'arm64'] }]);
    expect(config['win']!.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
  });

  it('names the app and takes its version from package.json', () => {
    const config = builderConfig();
    expect(config['appId']).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(config['productName']).toBe('TP Inspector');
    // electron-builder reads the version from package.json unless the configuration overrides it.
    expect(config['extraMetadata']).toBeUndefined();
    expect(config['buildVersion']).toBeUndefined();
    expect(packageJson()['version']).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('the fuses', () => {
  it('are flipped as the security checklist asks, as electron-builder hands them to @electron/fuses', async () => {
    // The same @electron/fuses electron-builder resolves when it flips them.
    const { FuseV1Options, FuseVersion } = requireFromProject('@electron/fuses') as {
      FuseV1Options: Record<string, number>;
      FuseVersion: Record<string, string>;
    };
    const applied = (await PlatformPackager.prototype.generateFuseConfig.call(
      {},
      builderConfig().electronFuses,
    )) as Record<string | number, unknown>;
    expect(applied['version']).toBe(FuseVersion['V1']);
    const expected: Record<string, boolean> = {
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      OnlyLoadAppFromAsar: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      GrantFileProtocolExtraPrivileges: false,
    };
    for (const [fuse, state] of Object.entries(expected)) {
      expect(applied[FuseV1Options[fuse]!], fuse).toBe(state);
    }
  });
});
