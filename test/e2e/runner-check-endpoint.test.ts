// A check-endpoint step run by the Runner through a real host, against a sample handler that takes
// a delivery without a signature: its some 30 deliveries are its first and last Record links and a
// count between them (the step's line stays one line), its checks are the endpoint check's, the
// failed one with its reason and advice. Screenshots at 1280x800, both themes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import {
  startSampleHandler,
  type SampleHandler,
} from '../integration/endpoint-check/sample-handler';
import { RunnerPage } from './pages/runner-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';
import type { RunningHost } from './support/host';
import { saveAppScreenshot } from './support/screenshot';

const session = useAppSession();
const folder = mkdtempSync(join(tmpdir(), 'tp-e2e-check-'));
writeFileSync(
  join(folder, 'check-handler.yaml'),
  `name: The handler keeps the delivery contract
steps:
  - name: Every check but the burst
    check-endpoint: { url: '{{handler_url}}', skip: [burst] }
`,
);
let handler: SampleHandler | undefined;
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function sandboxSecret(running: RunningHost): Promise<string> {
  const state = (await (await fetch(`${running.ready.sandbox}/_sandbox/state`)).json()) as {
    apps: { client_secret: string }[];
  };
  return state.apps[0]!.client_secret;
}

async function runCheck(colorScheme: 'light' | 'dark') {
  const running = await session.host();
  const app = await session.openApp(running, { colorScheme });
  await app.page.setViewportSize({ width: 1280, height: 800 });
  handler = await startSampleHandler('accepts-missing-signature', {
    CLIENT_SECRET: await sandboxSecret(running),
  });
  const runner = new RunnerPage(app.page);
  await runner.open();
  await engineCall(app.page, 'runner.start', { folder, variables: { handler_url: handler.url } });
  await expect
    .poll(() => runner.statusWords(), { ...POLL, message: 'the run ended, failed' })
    .toBe('failed');
  const step = runner.step(
    'The handler keeps the delivery contract',
    1,
    'Every check but the burst',
  );
  return { page: app.page, runner, step };
}

describe('a check-endpoint step in the Runner', () => {
  test('links its first and last records and counts the rest; its checks are the endpoint check’s', async () => {
    const { page, runner, step } = await runCheck('light');
    const links = await runner.recordSeqs(step);
    expect(links).toHaveLength(2);
    const more = /(\d+) more in the Event log/.exec(await step.innerText());
    // Some 30 deliveries without the burst: the ones between the two links are counted.
    expect(Number(more?.[1])).toBeGreaterThan(20);
    expect(links[1]! - links[0]!).toBeGreaterThan(Number(more?.[1]));
    const checks = await runner.checks(step).innerText();
    expect(checks).toMatch(
      /failed: refuses\.no-signature\s+expected pass\s+actual fail: .*Anyone who knows this URL/,
    );
    expect(checks).toMatch(/passed: redelivery\s+expected pass\s+actual warn: /);
    expect(checks).toMatch(/passed: accepts\.text\s+expected pass\s+actual pass: /);
    await saveAppScreenshot(page, 'runner-check-endpoint-light');
  });

  test('reads the same in the dark theme', async () => {
    const { page, runner, step } = await runCheck('dark');
    expect(await runner.recordSeqs(step)).toHaveLength(2);
    await saveAppScreenshot(page, 'runner-check-endpoint-dark');
  });
});
