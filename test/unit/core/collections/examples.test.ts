// The examples/ collection is the product's walk through the platform: every file must parse and
// follow the endpoint catalog (its run against the sandbox is an integration test).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadCollection } from '../../../../src-main/core/collections/load-collection';

const EXAMPLES = join(import.meta.dirname, '..', '..', '..', '..', 'examples');

it('every example scenario loads without a problem, in the collection order', async () => {
  const collection = await loadCollection(EXAMPLES);
  expect(collection.problems).toEqual([]);
  for (const scenario of collection.scenarios) expect(scenario.problems, scenario.path).toEqual([]);
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.yaml') && f !== 'collection.yaml');
  expect(collection.scenarios.map((s) => s.path).sort()).toEqual(files.sort());
  expect(readFileSync(join(EXAMPLES, 'collection.yaml'), 'utf8')).toMatch(/order:/);
});

it('examples/endpoint-check is a collection of its own, not a part of examples/', async () => {
  const examples = await loadCollection(EXAMPLES);
  expect(examples.scenarios.map((s) => s.path)).not.toContain('endpoint-check/check-handler.yaml');
  const own = await loadCollection(join(EXAMPLES, 'endpoint-check'));
  expect(own.name).toBe('Check my handler');
  expect(own.problems).toEqual([]);
  expect(own.scenarios.map((s) => [s.path, s.problems])).toEqual([['check-handler.yaml', []]]);
});
