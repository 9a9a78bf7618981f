// The headless host with the real engine and the embedded sandbox: what `npm run serve` runs.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  startHeadlessHost,
  NO_KEYRING_EXPLANATION,
  type HeadlessHost,
} from '../../../src-main/headless/index';

let host: HeadlessHost;
let tmp: string;

async function open(): Promise<{
  ws: WebSocket;
  messages: unknown[];
  next: (match: (m: unknown) => boolean) => Promise<unknown>;
}> {
  const cookie = await exchangeToken();
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws`, {
    origin: `http://localhost:${host.port}`,
    headers: { cookie },
  });
  const messages: unknown[] = [];
  const waiters: { match: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  ws.on('message', (data) => {
    const message: unknown = JSON.parse(data.toString());
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (match: (m: unknown) => boolean) => {
    const seen = messages.find(match);
    return seen
      ? Promise.resolve(seen)
      : new Promise<unknown>((resolve) => waiters.push({ match, resolve }));
  };
  return { ws, messages, next };
}

/** Does what a browser does with the printed URL: follows the token link, keeps the cookie. */
async function exchangeToken(): Promise<string> {
  const res = await fetch(host.url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

const hasId = (id: number) => (m: unknown) =>
  typeof m === 'object' && m !== null && 'id' in m && m.id === id;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'tp-host-core-'));
  const rendererDir = join(tmp, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>fixture</title>');
  host = await startHeadlessHost({
    sandboxPort: 0,
    port: 0,
    dataDir: join(tmp, 'data'),
    rendererDir,
  });
});

afterAll(async () => {
  await host?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('headless host with the real engine', () => {
  it('answers app.info with the data dir, the sandbox and in-memory secrets', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ id: 1, command: 'app.info', input: {} }));
    const answer = await next(hasId(1));
    expect(answer).toMatchObject({
      id: 1,
      ok: true,
      output: {
        dataDir: join(tmp, 'data'),
        sandboxUrl: host.sandboxUrl,
        secretStorage: { mode: 'memory' },
      },
    });
    const output = (answer as { output: { secretStorage: { explanation: string } } }).output;
    expect(output.secretStorage.explanation.startsWith(NO_KEYRING_EXPLANATION)).toBe(true);
    expect(host.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    ws.close();
  });

  it('rejects invalid command input from the real contract, keeping the socket', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ id: 2, command: 'log.list', input: { limit: -3 } }));
    expect(await next(hasId(2))).toMatchObject({
      id: 2,
      ok: false,
      error: { code: 'invalid_input' },
    });
    ws.send(JSON.stringify({ id: 3, command: 'log.list', input: {} }));
    expect(await next(hasId(3))).toMatchObject({ id: 3, ok: true });
    ws.close();
  });

  it('pushes the events of a command that talks to the embedded sandbox', async () => {
    const { ws, next } = await open();
    ws.send(JSON.stringify({ id: 4, command: 'auth.getAppToken', input: {} }));
    expect(await next(hasId(4))).toMatchObject({
      id: 4,
      ok: true,
      output: { tokenType: 'Bearer' },
    });
    const event = await next(
      (m) => typeof m === 'object' && m !== null && 'event' in m && m.event === 'log.appended',
    );
    expect(event).toMatchObject({ event: 'log.appended', payload: { seq: expect.any(Number) } });
    ws.close();
  });
});
