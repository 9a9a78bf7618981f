// A collection file over 64 KiB parses on a worker thread: the engine's own thread keeps answering
// while it parses, and the file's problems are the same, line for line, as when it parses inline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { collectionView } from '../../../../src-main/core/collections/collection-view';
import {
  loadScenarioFile,
  readScenarioText,
} from '../../../../src-main/core/collections/load-collection';
import { OFF_THREAD_BYTES } from '../../../../src-main/core/collections/parse-off-thread';
import type { WatchedWorker } from '../../../helpers/watched-workers';

const workers = vi.hoisted((): WatchedWorker[] => []);
vi.mock('node:worker_threads', async (importOriginal) =>
  (await import('../../../helpers/watched-workers')).watchedWorkerThreads(importOriginal, workers),
);

const folder = mkdtempSync(join(tmpdir(), 'tp-off-thread-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('parses a 1 MiB file on a worker thread, and a small one on this one', async () => {
  // The costliest shape for the parser: one small node after another (about 75,000 steps).
  let text = 'steps:\n';
  while (text.length < 1024 * 1024 - 100) text += '  - wait: 1ms\n';
  const file = join(folder, 'huge.yaml');
  writeFileSync(file, text);
  workers.length = 0;
  const { problems } = await loadScenarioFile(folder, file);
  expect(problems).toEqual([
    {
      file: 'huge.yaml',
      line: 2,
      message: 'steps: a scenario has at most 1,000 steps: split it into several scenario files',
    },
  ]);
  // Parsed on a worker, given the file's text: inline, it held the thread 0.7 to 1.5 s
  // (docs/security.md). A file under the threshold stays on this thread.
  expect(workers.map((w) => w.text)).toEqual([text]);
  const small = join(folder, 'small.yaml');
  writeFileSync(small, 'steps:\n  - wait: 1ms\n');
  await loadScenarioFile(folder, small);
  expect(workers).toHaveLength(1);
}, 60_000);

it('finds the same problems, on the same lines, as a file parsed inline', async () => {
  const filler = Array.from(
    { length: 300 },
    (_, i) =>
      `  - name: step ${i}\n    request:\n      endpoint: message.send\n      params: { contact_id: bot, resource_id: u1, msg_type: text, text: '${'x'.repeat(150)}' }\n`,
  ).join('');
  const broken = [
    '  - request:',
    '      endpoint: message.send',
    "      params: { txet: hi, text: '{{client_secret}}' }",
    "      file: { path: '../../outside.jpg' }",
    '    bogus: 1',
    '  - simulate: { action: join, user: u1 }',
    '  - wait: 2x',
    '',
  ].join('\n');
  const text = `name: Long\nsteps:\n${filler}${broken}`;
  expect(text.length).toBeGreaterThan(OFF_THREAD_BYTES);
  const file = join(folder, 'long.yaml');
  writeFileSync(file, text);
  const offThread = await loadScenarioFile(folder, file);
  const inline = readScenarioText('long-inline.yaml', text);
  const lines = (problems: { line: number; message: string }[]) =>
    problems.map((p) => `${p.line}: ${p.message.slice(0, 60)}`);
  expect(offThread.problems.length).toBeGreaterThan(0);
  expect(lines(offThread.problems)).toEqual(lines(inline.problems));
});

it('reads a valid file over 64 KiB as a file parsed inline', async () => {
  const steps = Array.from(
    { length: 400 },
    (_, i) =>
      `  - name: step ${i}\n    request:\n      endpoint: message.send\n      params: { contact_id: bot, resource_id: u1, msg_type: text, text: '${'y'.repeat(150)}' }\n    expect: { status: 200 }\n`,
  ).join('');
  const text = `steps:\n${steps}`;
  expect(text.length).toBeGreaterThan(OFF_THREAD_BYTES);
  const file = join(folder, 'valid.yaml');
  writeFileSync(file, text);
  const offThread = await loadScenarioFile(folder, file);
  expect(offThread.problems).toEqual([]);
  expect(offThread.scenario).toEqual(readScenarioText('valid-inline.yaml', text).scenario);
});

it('checks a large collection.yaml off the thread too, its problems on their lines', async () => {
  const dir = mkdtempSync(join(folder, 'col-'));
  const variables = Array.from({ length: 2000 }, (_, i) => `  v${i}: '${'z'.repeat(40)}'`);
  variables.push("  leak: '{{client_secret}}'");
  const text = `name: Big\nvariables:\n${variables.join('\n')}\n`;
  expect(text.length).toBeGreaterThan(OFF_THREAD_BYTES);
  writeFileSync(join(dir, 'collection.yaml'), text);
  writeFileSync(join(dir, 'a.yaml'), 'steps:\n  - wait: 1ms\n');
  const view = await collectionView(dir);
  expect(view.name).toBe('Big');
  expect(view.problems.map((p) => `${p.file}:${p.line}: ${p.message.slice(0, 38)}`)).toEqual([
    'collection.yaml:2003: variables.leak uses {{client_secret}}:',
  ]);
});
