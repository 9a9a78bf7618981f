// The endpoint check as the app drives it: the window's store over the in-memory bridge, a real
// core and a sample handler. Progress while it runs, the report kept by the engine (a reloaded
// window shows it, with the run before it), the re-run after a fix compared with the last run of
// the same URL, Stop, and the question before a URL that is not this machine.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffReports } from '../../../src-renderer/src/features/endpoint-check/report-diff';
import { createStores } from '../../../src-renderer/src/stores/create-stores';
import { createMemoryBridge } from '../../helpers/memory-bridge';
import { waitFor } from '../../helpers/wait-for';
import { startStores, type StoresFixture } from '../../unit/renderer/store-fixture';
import { startSampleHandler, type SampleHandler } from '../endpoint-check/sample-handler';

let fx: StoresFixture;
let handler: SampleHandler | undefined;

beforeEach(async () => {
  fx = await startStores();
  fx.start();
});
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
  await fx.close();
});

const secretOf = () => fx.sandbox.apps[0]!.client_secret;
const store = () => fx.stores.endpointCheck;

describe('the endpoint check in the app', () => {
  it('runs with progress, and a re-run after the fix says what changed since the last run', async () => {
    handler = await startSampleHandler('reserialized-json', { CLIENT_SECRET: secretOf() });
    const url = handler.url;
    await waitFor('the battery listed', () => store().getState().checks.length > 0 || undefined);
    store().getState().setUrl(url);
    store().getState().include(['burst'], false);
    const seen: string[] = [];
    const off = store().subscribe((s) => {
      const p = s.running[url];
      if (p && !seen.includes(p.checkId)) seen.push(p.checkId);
    });
    await store().getState().run();
    off();
    expect(store().getState().error).toBeNull();
    // Progress came check by check (the window heard endpointCheck.progress), and it ended.
    expect(seen).toContain('accepts.text');
    expect(seen).toContain('raw-bytes.non-ascii');
    expect(seen).not.toContain('burst');
    await waitFor('the run ended', () => (store().getState().running[url] ? undefined : true));
    const first = store().getState().history[url]!;
    expect(first.previous).toBeNull();
    expect(first.last.checks.find((c) => c.id === 'raw-bytes.non-ascii')?.outcome).toBe('fail');

    // The fix: the correct handler at the same URL.
    const port = Number(new URL(url).port);
    await handler.stop();
    handler = await startSampleHandler('correct', { CLIENT_SECRET: secretOf() }, port);
    await store().getState().run();
    const second = store().getState().history[url]!;
    expect(second.previous?.startedAt).toBe(first.last.startedAt);
    const diff = diffReports(second.previous!, second.last, () => 'then');
    expect(diff.changes['raw-bytes.non-ascii']).toBe('fixed');
    expect(diff.summary).toMatch(
      /^Since the run at then: 4 fixed, 0 now failing, \d+ unchanged\.$/,
    );

    // A reloaded window (new stores over the same engine) shows the same report and the one before.
    const bridge = createMemoryBridge(fx.core);
    const reloaded = createStores(bridge, bridge.connection);
    const stop = reloaded.start();
    try {
      await waitFor('the history read again', () => reloaded.endpointCheck.getState().history[url]);
      const again = reloaded.endpointCheck.getState();
      expect(again.shownUrl).toBe(url);
      expect(again.history[url]!.previous?.startedAt).toBe(first.last.startedAt);
    } finally {
      stop();
    }

    // A check's deliveries read back from the run's session (not the one open now).
    const check = second.last.checks.find((c) => c.id === 'accepts.text')!;
    await store().getState().loadExchanges(second.last.sessionId, check.id, check.seqs);
    const record = store().getState().exchanges[check.seqs[0]!]!;
    expect(record.api.status).toBe(200);
    expect(record.api.requestParams.signature_method).toBe('HMAC-SHA256');
    expect(JSON.stringify(record)).not.toContain(secretOf());
  });

  it('signs with the method chosen in the form, for a handler whose app uses another', async () => {
    handler = await startSampleHandler('correct', {
      CLIENT_SECRET: secretOf(),
      SIGNATURE_METHOD: 'HMAC-SHA1',
    });
    const url = handler.url;
    await waitFor('the battery listed', () => store().getState().checks.length > 0 || undefined);
    store().getState().setUrl(url);
    const all = store()
      .getState()
      .checks.map((c) => c.id);
    store().getState().include(all, false);
    store().getState().include(['accepts.text'], true);
    store().getState().setSignatureMethod('HMAC-SHA1');
    await store().getState().run();
    expect(store().getState().error).toBeNull();
    const report = store().getState().history[url]!.last;
    expect(report.signatureMethod).toBe('HMAC-SHA1');
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([['accepts.text', 'pass']]);
  });

  it('Stop ends the run before its next delivery, with words and no report', async () => {
    // Each answer takes 400 ms, so the battery (some 35 deliveries) is still going when Stop comes.
    handler = await startSampleHandler('slow', { CLIENT_SECRET: secretOf(), SLOW_MS: '400' });
    const url = handler.url;
    await waitFor('the battery listed', () => store().getState().checks.length > 0 || undefined);
    store().getState().setUrl(url);
    const running = store().getState().run();
    await waitFor('the run under way', () => store().getState().running[url]);
    // A second window (or this one reloaded) shows the run going on, and hears why it ended.
    const bridge = createMemoryBridge(fx.core);
    const other = createStores(bridge, bridge.connection);
    const stopOther = other.start();
    await waitFor('the run shown in the other window', () =>
      other.endpointCheck.getState().shownUrl === url && other.endpointCheck.getState().running[url]
        ? true
        : undefined,
    );
    await store().getState().stop();
    await running;
    await waitFor('the other window told', () => other.endpointCheck.getState().error);
    expect(other.endpointCheck.getState().error).toBe(store().getState().error);
    stopOther();
    const stopped =
      /^The check of http:\/\/127\.0\.0\.1:\d+\/hook was stopped after (\d+) of (\d+) checks/.exec(
        store().getState().error ?? '',
      );
    expect(stopped, store().getState().error ?? 'no error').not.toBeNull();
    // Well before its end: at 400 ms a delivery, the battery takes some 15 s.
    expect(Number(stopped![1])).toBeLessThan(Number(stopped![2]) - 5);
    expect(store().getState().history[url]).toBeUndefined();
    await waitFor('the run ended', () => (store().getState().running[url] ? undefined : true));
  });

  it('asks before a URL that does not name this machine, and runs it once the person says yes', async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: secretOf() });
    // This machine all the same (an IPv4-mapped address), but not a name the check knows as it.
    const url = handler.url.replace('127.0.0.1', '[::ffff:127.0.0.1]');
    await waitFor('the battery listed', () => store().getState().checks.length > 0 || undefined);
    store().getState().setUrl(url);
    store().getState().include(['burst'], false);
    await store().getState().run();
    expect(store().getState().confirming).toBe(url);
    expect(fx.bridge.calls.filter((c) => c.name === 'endpointCheck.run')).toEqual([]);
    await store().getState().confirmRemote(true);
    expect(store().getState().error).toBeNull();
    const runs = fx.bridge.calls.filter((c) => c.name === 'endpointCheck.run');
    expect(runs.map((c) => (c.input as { confirmRemote: boolean }).confirmRemote)).toEqual([true]);
    expect(store().getState().history[url]?.last.passed).toBe(true);
  });

  it('asks before a URL off this machine, and sends nothing when the person declines', async () => {
    store().getState().setUrl('http://192.0.2.10:8080/hook');
    await store().getState().run();
    expect(store().getState().confirming).toBe('http://192.0.2.10:8080/hook');
    await store().getState().confirmRemote(false);
    expect(store().getState().confirming).toBeNull();
    expect(fx.bridge.calls.filter((c) => c.name === 'endpointCheck.run')).toEqual([]);
  });
});
