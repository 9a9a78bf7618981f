// The headless host as `npm run serve` runs it, in a child process (out/main/serve.js, built by
// npm run build), with its commands sent over its WebSocket as the app's page sends them.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import type { Invoke } from './qa-session';

export const SERVE = resolve(import.meta.dirname, '../../../out/main/serve.js');

export interface ServedHost {
  child: ChildProcessWithoutNullStreams;
  sandboxUrl: string;
  invoke: Invoke;
  /** Closes the WebSocket (the process is the caller's to stop). */
  disconnect(): void;
}

export async function serve(dataDir: string, sandboxPort: number): Promise<ServedHost> {
  const child = spawn(process.execPath, [
    SERVE,
    '--json',
    ...['--port', '0', '--inbound-port', '0', '--redirect-port', '0'],
    ...['--sandbox-port', String(sandboxPort), '--data-dir', dataDir],
  ]);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const ready = JSON.parse(line) as { url: string; sandbox: string; port: number };
  const token = new URL(ready.url).searchParams.get('token') ?? '';
  const ws = new WebSocket(`ws://127.0.0.1:${ready.port}/ws`, {
    origin: `http://127.0.0.1:${ready.port}`,
    headers: { cookie: `tp_session_${ready.port}=${token}` },
  });
  const waiting = new Map<
    number,
    (reply: { ok: boolean; output?: unknown; error?: unknown }) => void
  >();
  ws.on('message', (data) => {
    const reply = JSON.parse(data.toString()) as { id?: unknown; ok: boolean };
    if (typeof reply.id === 'number') waiting.get(reply.id)?.(reply);
  });
  await new Promise<void>((ok, fail) => {
    ws.once('open', () => ok());
    ws.once('error', fail);
  });
  let nextId = 1;
  const invoke: Invoke = (command, input) => {
    const id = nextId++;
    return new Promise((ok, fail) => {
      waiting.set(id, (reply) => {
        waiting.delete(id);
        if (reply.ok) ok(reply.output);
        else fail(new Error(`${command}: ${JSON.stringify(reply.error)}`));
      });
      ws.send(JSON.stringify({ id, command, input }));
    });
  };
  return { child, sandboxUrl: ready.sandbox, invoke, disconnect: () => ws.close() };
}
