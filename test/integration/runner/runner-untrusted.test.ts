// A run of a collection someone else wrote: a file path filled from a variable is checked when the
// step runs and refused when it leads out of the collection's folder (nothing is sent), while a
// file inside it is sent; `tp run` treats a collection's load problems as bad input (exit 2).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tp } from '../../../src-main/cli/commands';
import type { Io } from '../../../src-main/cli/io';
import { startRunnerFixture, stepStates, type RunnerFixture } from './runner-fixture';

let fx: RunnerFixture;
beforeAll(async () => {
  fx = await startRunnerFixture();
}, 60_000);
afterAll(() => fx?.close());

const SEND_FILE = `
steps:
  - name: Send the picture
    request:
      endpoint: message.send
      params: { contact_id: bot, resource_id: u1, msg_type: picture }
      file: { path: '{{picture}}' }
`;

describe('a file path filled from a variable', () => {
  it('is refused at run when it leads out of the folder, and nothing is sent', async () => {
    const folder = fx.collection({ 'sends/picture.yaml': SEND_FILE, 'sends/files/cat.jpg': 'x' });
    const run = await fx.run(folder, { variables: { picture: '../../../../../../etc/passwd' } });
    expect(stepStates(run)).toEqual(['sends/picture.yaml Send the picture: failed']);
    const step = run.scenarios[0]!.steps[0]!;
    expect(step.failure).toContain(
      'sends/picture.yaml, step 1 "Send the picture": the file ../../../../../../etc/passwd is reached through .., outside the collection\'s folder',
    );
    expect(step.failure).toContain('Nothing was sent.');
    // No api record: the step ended before composer.send.
    expect(step.records).toEqual([]);
  });

  it('is sent when it stays inside the folder', async () => {
    const folder = fx.collection({ 'sends/picture.yaml': SEND_FILE, 'sends/files/cat.jpg': 'x' });
    const run = await fx.run(folder, { variables: { picture: 'files/cat.jpg' } });
    expect(run.scenarios[0]!.steps[0]!.records).toHaveLength(1);
  });
});

function memoryIo(cwd: string) {
  const err: string[] = [];
  const io: Io = {
    out: () => Promise.resolve(),
    err: (l) => err.push(l),
    env: {},
    cwd,
    errIsTTY: false,
  };
  return { io, err };
}

describe('tp run on a collection with such problems', () => {
  it('exits 2 with file:line for each, before anything starts', async () => {
    const folder = fx.collection({
      'leak.yaml': `steps:\n  - request:\n      endpoint: me\n      headers: { X-Leak: '{{user_token}}' }\n`,
      'out.yaml': SEND_FILE.replace('{{picture}}', '/etc/passwd'),
      'good.yaml': 'steps:\n  - wait: 1ms\n',
    });
    writeFileSync(
      join(folder, 'bomb.yaml'),
      [
        'a: &a [x, x, x, x, x, x, x, x, x, x]',
        ...['b', 'c', 'd', 'e', 'f', 'g'].map(
          (n, i) => `${n}: &${n} [${Array(10).fill(`*${'abcdefg'[i]}`).join(', ')}]`,
        ),
        'steps: [*g]',
        '',
      ].join('\n'),
    );
    const { io, err } = memoryIo(folder);
    const code = await tp(['run', '.'], io, () => () => undefined);
    expect(code).toBe(2);
    const text = err.join('\n');
    expect(text).toContain('bomb.yaml:1: This file uses too many aliases');
    expect(text).toContain('leak.yaml:4: steps.0.request.headers.X-Leak uses {{user_token}}');
    expect(text).toContain(
      'out.yaml:7: steps.0.request.file.path: the file /etc/passwd is an absolute path',
    );
    expect(text).not.toContain('Running');
  });
});
