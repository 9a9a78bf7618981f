import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../../src-shared/contract';
import { createCore, type Core } from '../../../../src-main/core/index';
import { memorySettings } from '../../../helpers/memory-settings';
import { hostFor, tempDir } from '../../../helpers/core-fixture';
import type { RunningSandbox } from '../../../../src-main/sandbox/index';
import { errorOf } from '../../../helpers/command-error';

const staging: ProfileInput = {
  name: 'Staging',
  baseUrl: 'https://staging.platform.example',
  clientId: 'acme-staging',
  clientSecret: 'staging-secret-1234567890',
  redirectUri: 'http://127.0.0.1:47999/callback',
  scopes: ['basic'],
};

const fakeSandbox = {
  baseUrl: 'http://127.0.0.1:1',
  apps: [
    {
      name: 'Acme Orders',
      client_id: 'acme-orders',
      client_secret: 'sandbox-secret-abcdefgh',
      redirect_uri: 'http://127.0.0.1:47615/callback',
      scopes: ['basic', 'user_phone'],
      endpoint_url: '',
      management_url: '',
      directory_url: '',
      signature_method: 'HMAC-SHA256',
    },
  ],
  close: async () => {},
} as unknown as RunningSandbox;

describe('profiles', () => {
  const dirs: string[] = [];
  const cores: Core[] = [];
  const start = async (settings = memorySettings()) => {
    const dir = tempDir();
    dirs.push(dir);
    const core = await createCore(hostFor(fakeSandbox, dir, settings));
    cores.push(core);
    return core;
  };
  afterEach(async () => {
    for (const c of cores.splice(0)) await c.close();
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('creates, edits, duplicates, switches and deletes, keeping them across a restart', async () => {
    const settings = memorySettings();
    const core = await start(settings);
    const changes: unknown[] = [];
    core.events.on('profiles.changed', (s) => changes.push(s));
    const created = await core.invoke('profiles.create', staging);
    expect(created).toMatchObject({
      name: 'Staging',
      kind: 'custom',
      hasClientSecret: true,
      endpointUrl: '',
    });
    expect(JSON.stringify(created)).not.toContain('staging-secret');
    const edited = await core.invoke('profiles.update', {
      profileId: created.id,
      changes: { name: 'Staging EU', scopes: ['basic', 'user_phone'] },
    });
    expect(edited).toMatchObject({
      name: 'Staging EU',
      scopes: ['basic', 'user_phone'],
      clientId: 'acme-staging',
    });
    const copy = await core.invoke('profiles.duplicate', { profileId: created.id });
    expect(copy).toMatchObject({ name: 'Staging EU copy', hasClientSecret: true });
    expect(copy.id).not.toBe(created.id);
    expect((await core.invoke('profiles.select', { profileId: copy.id })).activeProfileId).toBe(
      copy.id,
    );
    const afterDelete = await core.invoke('profiles.delete', { profileId: copy.id });
    expect(afterDelete.profiles.map((p) => p.name)).toEqual([
      'Sandbox (Acme Orders)',
      'Staging EU',
    ]);
    expect(afterDelete.activeProfileId).toBe('sandbox');
    expect(changes.length).toBe(5);

    await core.close();
    const again = await start(settings);
    const state = await again.invoke('profiles.list', {});
    expect(state.profiles.map((p) => p.name)).toEqual(['Sandbox (Acme Orders)', 'Staging EU']);
  });

  it('rejects bad input with the field named', async () => {
    const core = await start();
    const err = await errorOf(core.invoke('profiles.create', { ...staging, baseUrl: 'ftp://x' }));
    expect(err.code).toBe('invalid_input');
    expect(err.issues?.[0]?.path).toBe('baseUrl');
    expect(err.message).toMatch(/http:\/\/ or https:\/\//);
    expect(
      (await errorOf(core.invoke('profiles.create', { ...staging, scopes: ['has space'] }))).code,
    ).toBe('invalid_input');
  });

  it('keeps the sandbox profile read-only and in step with the sandbox', async () => {
    const core = await start();
    const err = await errorOf(
      core.invoke('profiles.update', { profileId: 'sandbox', changes: { name: 'x' } }),
    );
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/Duplicate/);
    expect((await errorOf(core.invoke('profiles.delete', { profileId: 'sandbox' }))).code).toBe(
      'conflict',
    );
    const sandbox = (await core.invoke('profiles.list', {})).profiles[0]!;
    expect(sandbox).toMatchObject({
      kind: 'sandbox',
      clientId: 'acme-orders',
      baseUrl: 'http://127.0.0.1:1',
      hasClientSecret: true,
    });
  });

  it('exports without secrets and imports what it exported, reporting bad entries', async () => {
    const core = await start();
    const created = await core.invoke('profiles.create', staging);
    const { json } = await core.invoke('profiles.export', { profileIds: [created.id] });
    expect(json).not.toContain('staging-secret');
    expect(json).not.toContain('clientSecret');
    const doc = JSON.parse(json);
    doc.profiles.push({ name: 'Broken', baseUrl: 'nope' });
    doc.profiles[0].clientSecret = 'smuggled-secret-value';
    const result = await core.invoke('profiles.import', { json: JSON.stringify(doc) });
    expect(result.imported.map((p) => p.name)).toEqual(['Staging (2)']);
    expect(result.imported[0]!.hasClientSecret).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/Profile 2 was not imported: .*baseUrl/);
    const notJson = await errorOf(core.invoke('profiles.import', { json: '{oops' }));
    expect(notJson.message).toMatch(/not JSON/);
  });

  it('says in words which fields of an entry are missing or of the wrong type', async () => {
    const core = await start();
    const { json } = await core.invoke('profiles.export', {});
    const doc = JSON.parse(json);
    const half = { ...doc.profiles[0], name: 'Half', scopes: 'basic' };
    delete half.redirectUri;
    doc.profiles = [half];
    const result = await core.invoke('profiles.import', { json: JSON.stringify(doc) });
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('redirectUri is missing');
    expect(result.errors[0]).toContain('scopes must be a list, not text');
    expect(result.errors[0]).not.toMatch(/Invalid input/);
  });

  it('refuses an export from a newer version instead of importing nothing silently', async () => {
    const core = await start();
    const { json } = await core.invoke('profiles.export', {});
    const newer = await errorOf(
      core.invoke('profiles.import', { json: JSON.stringify({ ...JSON.parse(json), version: 2 }) }),
    );
    expect(newer.message).toMatch(/version 2 of the profiles export.*reads version 1/);
  });
});
