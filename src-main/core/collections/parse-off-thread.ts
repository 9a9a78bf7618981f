// A large collection file parsed on a worker thread, so the engine keeps answering (the receiver
// takes deliveries, the window its commands) while it parses: 1 MiB of YAML takes the yaml
// package about a second. The worker gives back the file's values and the line of each, and the
// engine checks them as it checks a file parsed on its own thread (parse-file.ts, validate).
// The worker is JavaScript in a string (eval), loading `yaml` from where the engine loads it: the
// same code then runs from the sources (the tests), from out/main (the headless host, `tp`) and in
// the Electron shell, with no file of its own to bundle.
import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import {
  Scenario,
  TOO_MANY_STEPS,
  MAX_SCENARIO_STEPS,
} from '../../../src-shared/collections/format';
import { MAX_ALIAS_COUNT, unreadable, validate, type Parsed } from './parse-file';

/** Files up to this size parse on the engine's thread: a worker's start costs more than they do. */
export const OFF_THREAD_BYTES = 64 * 1024;

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { text, requireFrom, maxAliasCount, maxSteps } = workerData;
const yaml = createRequire(requireFrom)('yaml');

function answer() {
  const lines = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0)
    return {
      kind: 'errors',
      errors: doc.errors.map((e) => ({
        line: (e.linePos && e.linePos[0] && e.linePos[0].line) || 0,
        message: e.message.split('\\n')[0],
      })),
    };
  const lineOf = (node) => (node && node.range ? lines.linePos(node.range[0]).line : undefined);
  const steps = yaml.isMap(doc.contents) ? doc.contents.get('steps', true) : undefined;
  if (yaml.isSeq(steps) && steps.items.length > maxSteps)
    return { kind: 'steps', line: lineOf(steps) || 1 };
  let raw;
  try {
    raw = doc.toJS({ maxAliasCount });
  } catch (err) {
    return { kind: 'failed', message: String((err && err.message) || err) };
  }
  const table = [['', lineOf(doc.contents) || 1]];
  const path = [];
  const walk = (node) => {
    if (yaml.isMap(node))
      for (const pair of node.items) {
        const key = yaml.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        path.push(key);
        const line = lineOf(pair.value) || lineOf(pair.key);
        if (line !== undefined) table.push([path.join('\\u0000'), line]);
        walk(pair.value);
        path.pop();
      }
    else if (yaml.isSeq(node))
      node.items.forEach((item, i) => {
        path.push(String(i));
        const line = lineOf(item);
        if (line !== undefined) table.push([path.join('\\u0000'), line]);
        walk(item);
        path.pop();
      });
  };
  walk(doc.contents);
  return { kind: 'parsed', raw: raw === undefined || raw === null ? {} : raw, table };
}
parentPort.postMessage(answer());
`;

type WorkerAnswer =
  | { kind: 'errors'; errors: { line: number; message: string }[] }
  | { kind: 'steps'; line: number }
  | { kind: 'failed'; message: string }
  | { kind: 'parsed'; raw: unknown; table: [string, number][] };

function fromWorker<S extends z.ZodType>(
  schema: S,
  file: string,
  answer: WorkerAnswer,
): Parsed<z.output<S>> {
  switch (answer.kind) {
    case 'errors':
      return {
        value: null,
        yaml: null,
        problems: answer.errors.map((e) => ({
          file,
          line: e.line,
          message: `This is not valid YAML: ${e.message}`,
        })),
      };
    case 'steps':
      return {
        value: null,
        yaml: null,
        problems: [{ file, line: answer.line, message: `steps: ${TOO_MANY_STEPS}` }],
      };
    case 'failed':
      return {
        value: null,
        yaml: null,
        problems: [{ file, line: 1, message: unreadable(new Error(answer.message)) }],
      };
    case 'parsed':
      return validate(schema, file, answer.raw, { lineAt: new Map(answer.table) });
  }
}

/**
 * A collection file's text parsed on a worker thread, then checked against `schema` here. A
 * scenario's steps are counted there first: too many of them are not sent back.
 */
export function parseOffThread<S extends z.ZodType>(
  schema: S,
  file: string,
  text: string,
): Promise<Parsed<z.output<S>>> {
  return new Promise((resolve) => {
    const failed = (err: unknown): Parsed<z.output<S>> => ({
      value: null,
      yaml: null,
      problems: [{ file, line: 1, message: unreadable(err) }],
    });
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        text,
        requireFrom: import.meta.url,
        maxAliasCount: MAX_ALIAS_COUNT,
        maxSteps:
          (schema as z.ZodType) === Scenario ? MAX_SCENARIO_STEPS : Number.POSITIVE_INFINITY,
      },
      // What a hostile file can make the parse hold.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.once('message', (answer: WorkerAnswer) => {
      resolve(fromWorker(schema, file, answer));
      void worker.terminate();
    });
    worker.once('error', (err) => resolve(failed(err)));
    worker.once('exit', () => resolve(failed(new Error('the parse ended without an answer'))));
  });
}
