// The contract is one module per domain joined by its index: every domain's commands and events
// reach the joined maps exactly once, each under its own domain's prefix.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commands, events } from '../../../src-shared/contract';

const dir = fileURLToPath(new URL('../../../src-shared/contract/', import.meta.url));

/** Every module of the contract but the index, by its file name (`contacts` for contacts.ts). */
const modules = await Promise.all(
  readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map(async (file) => ({
      domain: file.slice(0, -'.ts'.length),
      exports: (await import(join(dir, file))) as Record<string, unknown>,
    })),
);

/** Each module's exported maps whose names end with `suffix` (`Commands`, `Events`). */
function domainMaps(suffix: string) {
  return modules.flatMap(({ domain, exports }) =>
    Object.entries(exports)
      .filter(([name]) => name.endsWith(suffix))
      .map(([name, map]) => ({ domain, name, map: map as Record<string, unknown> })),
  );
}

describe.each([
  { suffix: 'Commands', joined: commands as Record<string, unknown> },
  { suffix: 'Events', joined: events as Record<string, unknown> },
])('the $suffix of the domains', ({ suffix, joined }) => {
  const maps = domainMaps(suffix);

  it('are each named after their module, every name prefixed by that domain', () => {
    for (const { domain, name, map } of maps) {
      expect(name).toBe(`${domain}${suffix}`);
      for (const key of Object.keys(map)) expect(key.startsWith(`${domain}.`), key).toBe(true);
    }
  });

  it('are all in the joined map, each name exactly once and with its own schema', () => {
    const entries = maps.flatMap(({ map }) => Object.entries(map));
    const names = entries.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(joined).sort()).toEqual([...names].sort());
    for (const [name, spec] of entries) expect(joined[name], name).toBe(spec);
  });
});

it('has the domains the engine serves', () => {
  expect(domainMaps('Commands').map((m) => m.domain)).toEqual([
    'api',
    'app',
    'auth',
    'collections',
    'composer',
    'contacts',
    'endpointCheck',
    'inbound',
    'load',
    'log',
    'profiles',
    'runner',
    'secrets',
    'sessions',
    'simulator',
    'tunnel',
  ]);
  expect(domainMaps('Events').map((m) => m.domain)).toEqual([
    'auth',
    'collections',
    'composer',
    'contacts',
    'endpointCheck',
    'inbound',
    'load',
    'log',
    'profiles',
    'runner',
    'sessions',
    'simulator',
    'tunnel',
  ]);
});
