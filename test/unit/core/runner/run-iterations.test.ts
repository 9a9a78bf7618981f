// How a data-driven run names a row, and what it runs: each scenario once per row, row by row.
import { describe, expect, it } from 'vitest';
import type { LoadedCollection } from '../../../../src-main/core/collections/load-collection';
import {
  iterationLabel,
  iterationPath,
  planIterations,
} from '../../../../src-main/core/runner/data/run-iterations';
import { unknownNames } from '../../../../src-main/core/runner/data/unknown-columns';
import { Scenario, type ScenarioInput } from '../../../../src-shared/collections/format';

const collection = (scenarios: Record<string, ScenarioInput>): LoadedCollection => ({
  folder: '/c',
  name: 'c',
  variables: { base: 'x' },
  problems: [],
  scenarios: Object.entries(scenarios).map(([path, s]) => ({
    path,
    name: path,
    scenario: Scenario.parse(s),
    problems: [],
  })),
});

describe('iterationLabel', () => {
  it('leaves empty values out and shortens long ones and the whole', () => {
    expect(iterationLabel({ msg_type: 'sticker', text: '', sticker_id: 'thumbs-up' })).toBe(
      'msg_type=sticker sticker_id=thumbs-up',
    );
    expect(iterationLabel({ text: 'a'.repeat(40) })).toBe(`text=${'a'.repeat(23)}…`);
    expect(
      iterationLabel({ a: 'x'.repeat(24), b: 'y'.repeat(24), c: 'z'.repeat(24) }),
    ).toHaveLength(80);
    expect(iterationLabel({ text: 'two\nlines' })).toBe('text=two lines');
  });

  it('names a file with its row, and a file alone outside a data-driven run', () => {
    expect(iterationPath('a.yaml', { index: 3, total: 20, label: 'msg_type=sticker' })).toBe(
      'a.yaml [3/20] msg_type=sticker',
    );
    expect(iterationPath('a.yaml', undefined)).toBe('a.yaml');
  });
});

describe('planIterations', () => {
  it('runs every scenario with row 1, then every one with row 2', () => {
    const c = collection({
      'a.yaml': { steps: [{ wait: 1 }] },
      'b.yaml': { steps: [{ wait: 1 }] },
    });
    const data = {
      file: 'rows.csv',
      columns: ['n'],
      rows: [{ values: { n: '1' } }, { values: { n: '2' } }],
    };
    const { views, plan } = planIterations(c, data, (i) => ({
      path: c.scenarios[i]!.path,
      name: '',
      state: 'waiting',
      durationMs: null,
      problems: [],
      steps: [],
    }));
    expect(views.map((v) => iterationPath(v.path, v.iteration))).toEqual([
      'a.yaml [1/2] n=1',
      'b.yaml [1/2] n=1',
      'a.yaml [2/2] n=2',
      'b.yaml [2/2] n=2',
    ]);
    expect(plan.map((p) => `${p.scenario}:${p.row.n}`)).toEqual(['0:1', '1:1', '0:2', '1:2']);
  });
});

describe('unknownNames', () => {
  it('finds a name nothing defines, once, at its first use; captures, variables and built-ins define', () => {
    const c = collection({
      'a.yaml': {
        variables: { own: 'y' },
        steps: [
          { wait: 1, name: 'w' },
          {
            request: {
              endpoint: 'contact.add',
              as: 'app',
              params: {
                contact_id: '{{own}}{{base}}{{got}}{{$uuid}}{{client_id}}',
                display_name: '{{msgtype}}',
              },
            },
            capture: { got: 'body.contact_id' },
          },
        ],
      },
      'b.yaml': {
        steps: [{ wait: 1 }, { 'expect-delivery': { match: { text: '{{msgtype}} {{col}}' } } }],
      },
    } as unknown as Record<string, ScenarioInput>);
    expect(unknownNames(c, ['col'])).toEqual([{ name: 'msgtype', path: 'a.yaml', step: 1 }]);
  });
});
