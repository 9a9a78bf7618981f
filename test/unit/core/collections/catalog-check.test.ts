import { describe, expect, it } from 'vitest';
import { readScenarioText } from '../../../../src-main/core/collections/load-collection';
import { applyOrder } from '../../../../src-main/core/collections/collection-tree';
import { fileSlug, uniqueCopyName } from '../../../../src-main/core/collections/unique-names';
import { closestNames } from '../../../../src-shared/rules/closest-names';

const problemsOf = (lines: string[]) => readScenarioText('s.yaml', lines.join('\n')).problems;

describe('checkAgainstCatalog (through readScenarioText)', () => {
  it('passes a scenario the catalog accepts', () => {
    expect(
      problemsOf([
        'steps:',
        '  - request:',
        '      endpoint: message.send',
        '      as: user',
        '      user: "{{user_id}}"',
        '      params: { contact_id: bot, resource_id: u1, msg_type: text, text: hi }',
        '    capture: { id: body.message_id, code: status }',
        '  - expect-delivery: { match: { text: hi } }',
        '    capture: { sent: data.message.text }',
        '  - simulate: { action: send-message, user: u1, contact: bot, msg_type: text }',
      ]),
    ).toEqual([]);
  });

  it('names an unknown endpoint with the closest ids', () => {
    const [problem] = problemsOf(['steps:', '  - request:', '      endpoint: message.sned']);
    expect(problem).toMatchObject({ file: 's.yaml', line: 3 });
    expect(problem?.message).toMatch(/no endpoint "message.sned".*Write message.send instead/);
  });

  it('refuses a path the endpoint does not have, listing its paths', () => {
    const [problem] = problemsOf([
      'steps:',
      '  - request:',
      '      endpoint: contact.add',
      '      path: /tp/contact/ad',
    ]);
    expect(problem?.line).toBe(4);
    expect(problem?.message).toMatch(/write \/tp\/contact\/add or \/tp\/contact\/add\.json/);
  });

  it('names a parameter the endpoint lacks, the closest one and the ones it has', () => {
    const problems = problemsOf([
      'steps:',
      '  - request:',
      '      endpoint: message.send',
      '      params:',
      '        contact_id: bot',
      '        txt: hi',
      '      keep_empty: [avatar_url]',
    ]);
    expect(problems.map((p) => p.line)).toEqual([6, 7]);
    expect(problems[0]?.message).toMatch(/no parameter "txt"\. Write text instead\./);
    expect(problems[1]?.message).toMatch(
      /keep_empty names "avatar_url".*Its parameters are user_id/,
    );
  });

  it('asks for the user of as: user, and refuses as on endpoints without a user token', () => {
    const problems = problemsOf([
      'steps:',
      '  - request: { endpoint: me, as: user }',
      '  - request: { endpoint: token, as: app }',
      '  - request: { endpoint: bulk.send, as: app-for-user, user: u1 }',
    ]);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(problems[0]?.message).toMatch(/as: user needs the user.*user: "\{\{user_id\}\}"/);
    expect(problems[1]?.message).toMatch(/token is called without a token.*remove "as"/);
    expect(problems[2]?.message).toMatch(/bulk.send acts as the app only/);
  });

  it('says what a simulated action is missing, and what it does not use', () => {
    const problems = problemsOf([
      'steps:',
      '  - simulate:',
      '      action: send-message',
      '      msg_type: text',
      '  - simulate: { action: join, user: u1, room: r1, subject: x }',
    ]);
    expect(problems).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringMatching(/needs the acting user/) }),
      expect.objectContaining({
        line: 3,
        message: expect.stringMatching(/needs the contact .* or the room/),
      }),
      expect.objectContaining({
        line: 5,
        message: expect.stringMatching(/join does not use "subject": it reads user, room/),
      }),
    ]);
  });

  it('refuses a capture source the step kind does not have', () => {
    const problems = problemsOf([
      'steps:',
      '  - expect-delivery: {}',
      '    capture:',
      '      id: body.message_id',
      '  - wait: 1s',
      '    capture: { x: status }',
    ]);
    expect(problems.map((p) => p.line)).toEqual([4, 6]);
    expect(problems[0]?.message).toMatch(
      /expect-delivery step cannot capture "body.message_id": it captures status, data, seq, user_id, contact_id, room_id, message_id, type, header.<name> or data.<path>/,
    );
    expect(problems[1]?.message).toMatch(/wait step has nothing to capture/);
  });
});

describe('collection names and order', () => {
  it('puts the listed names first, then the rest by name (numbers in order)', () => {
    expect(
      applyOrder(
        ['b.yaml', 'a.yaml', 'c 10.yaml', 'c 9.yaml', 'sub'],
        ['sub', 'gone.yaml', 'b.yaml'],
      ),
    ).toEqual(['sub', 'b.yaml', 'a.yaml', 'c 9.yaml', 'c 10.yaml']);
  });

  it('names copies "x copy", "x copy 2", and a copy of a copy after the original', async () => {
    const taken = new Set(['send.yaml', 'send copy.yaml', 'send copy 2.yaml']);
    const isTaken = (p: string) => Promise.resolve(taken.has(p));
    expect(await uniqueCopyName('/c', 'send.yaml', isTaken)).toBe('send copy 3.yaml');
    expect(await uniqueCopyName('/c', 'send copy 2.yaml', isTaken)).toBe('send copy 3.yaml');
    expect(await uniqueCopyName('/c', 'sub/other.yml', isTaken)).toBe('sub/other copy.yml');
  });

  it('makes file names from a request without separators or secrets-looking braces', () => {
    expect(fileSlug('message.send text')).toBe('message.send text');
    expect(fileSlug('a/b: {{x}}')).toBe('a-b-x');
    expect(fileSlug('  ')).toBe('request');
  });

  it('suggests the closest names, nearest first', () => {
    expect(closestNames('resource_di', ['resource_id', 'user_id', 'text'])).toEqual([
      'resource_id',
    ]);
    expect(closestNames('send', ['message.send', 'bulk.send', 'me'])).toEqual([
      'bulk.send',
      'message.send',
    ]);
    expect(closestNames('zzz', ['text'])).toEqual([]);
  });
});
