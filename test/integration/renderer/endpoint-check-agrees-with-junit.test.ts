// The Done-when of "Check my endpoint": the app's report card and the command line's JUnit agree on
// the same handler. The same sample handler is checked through the app's path (the window's store
// over the contract, as the report card reads it) and by `tp check --reporter junit`; every check
// id has the same outcome in both.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runTp } from '../../helpers/tp-cli';
import { startStores, type StoresFixture } from '../../unit/renderer/store-fixture';
import { waitFor } from '../../helpers/wait-for';
import { HANDLERS, startSampleHandler, type SampleHandler } from '../endpoint-check/sample-handler';

let fx: StoresFixture;
let handler: SampleHandler;

beforeAll(async () => {
  fx = await startStores();
  fx.start();
  // The handler verifies with the app's secret: the app's sandbox app, and TP_CLIENT_SECRET for tp.
  handler = await startSampleHandler('reserialized-json', {
    CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret,
  });
});
afterAll(async () => {
  await handler.stop();
  await fx.close();
});

/** Each testcase's check id and outcome, as a CI server reads the JUnit file. */
function junitOutcomes(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const cases = xml.matchAll(
    /<testcase [^>]*name="([^":]+):[^"]*"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g,
  );
  for (const [, id, , body = ''] of cases) {
    out[id!] = body.includes('<failure')
      ? 'fail'
      : body.includes('<skipped')
        ? 'not-configured'
        : body.includes('<system-out>warning:')
          ? 'warn'
          : 'pass';
  }
  return out;
}

it('the report card and tp check --reporter junit give each check the same outcome', async () => {
  const burst = '10';
  const store = fx.stores.endpointCheck;
  await waitFor('the battery listed', () => store.getState().checks.length > 0 || undefined);
  store.getState().setUrl(handler.url);
  store.getState().setBurst(Number(burst));
  await store.getState().run();
  expect(store.getState().error).toBeNull();
  const card = Object.fromEntries(
    store.getState().history[handler.url]!.last.checks.map((c) => [c.id, c.outcome]),
  );

  const out = join(mkdtempSync(join(tmpdir(), 'tp-check-agree-')), 'check.xml');
  const run = await runTp(
    ['check', handler.url, '--reporter', 'junit', '--out', out, '--burst', burst],
    { cwd: HANDLERS, env: { TP_CLIENT_SECRET: fx.sandbox.apps[0]!.client_secret } },
  );
  expect(run.code).toBe(1);
  const junit = junitOutcomes(readFileSync(out, 'utf8'));

  expect(junit).toEqual(card);
  // Not agreement by emptiness: the handler's bug fails checks in both, and warns one.
  expect(Object.keys(card).length).toBeGreaterThan(35);
  expect(card['raw-bytes.non-ascii']).toBe('fail');
  expect(card['refuses.empty-data']).toBe('warn');
  expect(card['signature.hmac-sha1']).toBe('not-configured');
});
