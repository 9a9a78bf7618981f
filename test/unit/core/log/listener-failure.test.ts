// An event listener that throws (a closed window, a dropped socket) neither stops the others nor
// goes unheard: the engine's journal records it as an error. The emitter is made before the
// journal, which subscribes to its listeners' failures (createCore).
import { afterEach, expect, it } from 'vitest';
import type { Core } from '../../../../src-main/core/core';
import { createCore } from '../../../../src-main/core/index';
import { hostFor, tempDir } from '../../../helpers/core-fixture';

let core: Core | undefined;
afterEach(async () => core?.close());

it('journals a listener that threw as an error, and still tells the other listeners', async () => {
  core = await createCore(hostFor(null, tempDir()), { inboundPort: 0 });
  core.events.on('sessions.changed', () => {
    throw new Error('the window is gone');
  });
  const heard: string[] = [];
  core.events.on('sessions.changed', (state) => heard.push(state.activeId));

  const started = await core.invoke('sessions.start', { name: 'QA' });

  expect(heard).toEqual([started.activeId]);
  const { records } = await core.invoke('log.list', {});
  expect(
    records.filter((r) => r.kind === 'system' && r.system.level === 'error').map((r) => r.summary),
  ).toEqual(['An event listener failed: Error: the window is gone']);
});
