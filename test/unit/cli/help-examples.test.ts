// The examples of tp's help name files of the repository's examples/ folder: each must be there, so
// that a person who copies one runs it (one named a scenario that was never written).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { helpText, type TopicName } from '../../../src-main/cli/help';

const TOPICS: TopicName[] = ['run', 'check', 'load', 'mcp', 'export', 'openapi'];
const root = join(__dirname, '../../..');

it('every examples/ file the help names exists', () => {
  const named = [...TOPICS, undefined]
    .flatMap((t) => [...helpText(t).matchAll(/examples\/[\w./-]*\w/g)])
    .map((m) => m[0]);
  expect(named.length).toBeGreaterThan(2);
  expect(named.filter((file) => !existsSync(join(root, file)))).toEqual([]);
});
