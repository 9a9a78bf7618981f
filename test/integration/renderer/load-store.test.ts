// The load run as the app drives it: the window's store over the in-memory bridge, a real core and
// the correct sample handler. The URL is the endpoint check's; the live figures come from
// load.progress while it runs, and the summary once it ends. A URL off this machine is asked about
// first, a mix that is not kind=weight is refused in words before anything is sent, and Stop
// load ends the sending with the summary of what was sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../../src-shared/contract';
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
const load = () => fx.stores.load;
const loadRuns = () => fx.bridge.calls.filter((c) => c.name === 'load.run');

describe('the load run in the app', () => {
  it("loads the check's URL with live progress, and keeps the summary", async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: secretOf() });
    fx.stores.endpointCheck.getState().setUrl(handler.url);
    load().getState().setRate(40);
    load().getState().setDuration(1.5);
    load().getState().setMix('text=3,picture=1');
    const seen: LoadProgress[] = [];
    const off = load().subscribe((s) => {
      if (s.progress && s.progress !== seen.at(-1)) seen.push(s.progress);
    });
    const running = load().getState().start();
    expect(load().getState().runningUrl).toBe(handler.url);
    await running;
    off();
    const state = load().getState();
    expect(state.error).toBeNull();
    expect(state.runningUrl).toBeNull();
    // Progress came once a second while it ran: at least the one at 1 s.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]!.url).toBe(handler.url);
    expect(seen[0]!.planned).toBe(60);
    const summary = state.summary!;
    expect(summary.url).toBe(handler.url);
    expect(summary.rateAsked).toBe(40);
    expect(summary.sent).toBe(60);
    // The correct handler verifies the sandbox app's signature: every delivery answered 2xx.
    expect(summary.ok).toBe(60);
    expect(summary.errors).toEqual([]);
    expect(summary.passed).toBe(true);
    expect(summary.mix.map((m) => [m.kind, m.sent])).toEqual([
      ['text', 45],
      ['picture', 15],
    ]);
    expect(summary.histogram.reduce((n, b) => n + b.count, 0)).toBe(60);
  });

  it('Stop load ends the sending, and the summary of what was sent still comes', async () => {
    handler = await startSampleHandler('correct', { CLIENT_SECRET: secretOf() });
    fx.stores.endpointCheck.getState().setUrl(handler.url);
    load().getState().setRate(20);
    load().getState().setDuration(30);
    const running = load().getState().start();
    await waitFor('the first progress', () => load().getState().progress ?? undefined);
    await load().getState().stop();
    await running;
    const summary = load().getState().summary!;
    expect(load().getState().error).toBeNull();
    expect(summary.stopped).toBe(true);
    expect(summary.planned).toBe(600);
    // Stopped after its first second or so, well before the 600 of its 30 s.
    expect(summary.sent).toBeGreaterThan(0);
    expect(summary.sent).toBeLessThan(200);
    expect(summary.ok).toBe(summary.sent);
    expect(load().getState().runningUrl).toBeNull();
  });

  it('asks before a URL off this machine, and sends nothing when the person declines', async () => {
    fx.stores.endpointCheck.getState().setUrl('http://192.0.2.10:8080/hook');
    await load().getState().start();
    expect(load().getState().confirming).toBe('http://192.0.2.10:8080/hook');
    await load().getState().confirmRemote(false);
    expect(load().getState().confirming).toBeNull();
    expect(loadRuns()).toEqual([]);
  });

  it('refuses a mix that is not kind=weight in words, sending nothing', async () => {
    fx.stores.endpointCheck.getState().setUrl('http://127.0.0.1:9/hook');
    load().getState().setMix('text:60');
    await load().getState().start();
    expect(load().getState().error).toBe('Mix "text:60" is not kind=weight: write e.g. text=60.');
    expect(loadRuns()).toEqual([]);
  });

  it('says why a run could not start when nothing listens at the URL', async () => {
    fx.stores.endpointCheck.getState().setUrl('http://127.0.0.1:9/hook');
    await load().getState().start();
    expect(load().getState().error).toMatch(/127\.0\.0\.1:9/);
    expect(load().getState().summary).toBeNull();
    expect(load().getState().runningUrl).toBeNull();
  });
});
