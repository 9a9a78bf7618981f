// Stop cuts the delivery in flight: a handler that takes a delivery and never answers does not hold
// a stopped check until the platform's 10 s deadline; the delivery's record says it was stopped.
// The signal every delivery of a burst listens to does not make Node warn of a leak.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JournalRecord } from '../../../src-shared/contract';
import { errorOf } from '../../helpers/command-error';
import { waitFor } from '../../helpers/wait-for';
import { startCoreWithSandbox, type CoreFixture } from '../../helpers/core-fixture';

let fx: CoreFixture;
let server: Server;
const held: IncomingMessage[] = [];
let firstArrived: () => void;
const arrived = new Promise<void>((resolve) => (firstArrived = resolve));

beforeAll(async () => {
  fx = await startCoreWithSandbox();
  // Takes every delivery and never answers it.
  server = createServer((req) => {
    held.push(req);
    firstArrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fx.close();
});

it('Stop cuts the delivery a handler is holding, and its record says so', async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const run = fx.core.invoke('endpointCheck.run', { url, only: ['accepts.text'] });
  await arrived;
  expect(await fx.core.invoke('endpointCheck.stop', { url })).toEqual({ stopping: true });
  const err = await errorOf(run);
  expect(err.message).toMatch(/^The check of .* was stopped after 0 of 1 checks/);
  // The handler's connection is closed by the stop, not left open until the 10 s deadline.
  await waitFor(
    "the handler's connection closed",
    () => (held[0]!.socket.destroyed ? true : undefined),
    { timeoutMs: 5000 },
  );

  const { sessions } = await fx.core.invoke('sessions.list', {});
  const session = sessions.find((s) => s.name.startsWith(`Endpoint check ${url}`))!;
  const { content } = await fx.core.invoke('sessions.export', {
    sessionId: session.id,
    format: 'ndjson',
  });
  const calls = content
    .trim()
    .split('\n')
    .map((line) => JournalRecord.parse(JSON.parse(line)))
    .filter((r) => r.kind === 'api');
  expect(calls).toHaveLength(1);
  expect(calls[0]!.kind === 'api' && calls[0]!.api.error).toMatch(
    /^The request to 127\.0\.0\.1:\d+ was stopped before it was answered/,
  );
});

it('a burst listens to the Stop without a warning of too many listeners', async () => {
  const answering = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on('warning', onWarning);
  try {
    const url = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/hook`;
    const report = await fx.core.invoke('endpointCheck.run', { url, only: ['burst'], burst: 30 });
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([['burst', 'pass']]);
    // A warning is emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  } finally {
    process.off('warning', onWarning);
    answering.closeAllConnections();
    await new Promise((resolve) => answering.close(resolve));
  }
});
