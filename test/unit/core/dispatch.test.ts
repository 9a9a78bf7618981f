import { describe, expect, it } from 'vitest';
import { CommandError } from '../../../src-shared/contract';
import { createDispatch, type Handlers } from '../../../src-main/core/dispatch';
import { errorOf } from '../../helpers/command-error';

const handlers = {
  'app.info': async () => {
    throw new Error('disk on fire');
  },
  'profiles.list': async () => ({ activeProfileId: 'p', profiles: [] }),
  'auth.getAppToken': async () => {
    throw new CommandError({ code: 'http_error', message: 'refused' });
  },
  'auth.status': async ({ profileId }) => ({
    profileId: profileId ?? 'p',
    appToken: null,
    lastError: null,
  }),
  'log.list': async ({ limit }) => ({ records: [], lastSeq: limit }),
} satisfies Partial<Handlers> as unknown as Handlers;

describe('dispatch', () => {
  const internal: unknown[] = [];
  const dispatch = createDispatch(handlers, (err) => internal.push(err));

  it('refuses an unknown command by name', async () => {
    const err = await errorOf(dispatch('nope.nothing', {}));
    expect(err).toBeInstanceOf(CommandError);
    expect(err.code).toBe('unknown_command');
    expect(err.message).toContain('nope.nothing');
  });

  it('refuses a command of the contract it holds no handler for, as unknown, not as a crash', async () => {
    // A dispatch over some domains' handlers (engine-dispatch.ts gives the runner one).
    const crashes = internal.length;
    const err = await errorOf(dispatch('contacts.list', {}));
    expect(err.code).toBe('unknown_command');
    expect(err.message).toContain('contacts.list');
    expect(internal).toHaveLength(crashes);
  });

  it('refuses names inherited from Object.prototype', async () => {
    expect((await errorOf(dispatch('toString', {}))).code).toBe('unknown_command');
  });

  it('validates input and names the offending field', async () => {
    const err = await errorOf(dispatch('log.list', { limit: 'many' }));
    expect(err.code).toBe('invalid_input');
    expect(err.issues?.[0]?.path).toBe('limit');
    expect((await errorOf(dispatch('profiles.list', { extra: 1 }))).code).toBe('invalid_input');
  });

  it('applies schema defaults and passes parsed input to the handler', async () => {
    await expect(dispatch('log.list', {})).resolves.toEqual({ records: [], lastSeq: 500 });
    await expect(dispatch('auth.status', undefined)).resolves.toMatchObject({ profileId: 'p' });
  });

  it('passes CommandErrors through and wraps anything else as internal', async () => {
    expect((await errorOf(dispatch('auth.getAppToken', {}))).message).toBe('refused');
    const err = await errorOf(dispatch('app.info', {}));
    expect(err.code).toBe('internal');
    expect(err.message).toContain('disk on fire');
    expect(internal).toHaveLength(1);
  });
});
