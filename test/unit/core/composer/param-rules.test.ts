// The help text under a composer field: the parameter's rules in words, leaving out what its doc
// (from the API document) already says, so no help reads "1 to 128 characters · 1 to 128 characters".
import { describe, expect, it } from 'vitest';
import { endpointById, type EndpointId } from '../../../../src-shared/spec/endpoints';
import type { ParamSpec } from '../../../../src-shared/spec/params';
import { docSays, normalised, ruleWords } from '../../../../src-shared/rules/param-rules';

function param(endpoint: EndpointId, name: string): ParamSpec {
  const p = endpointById(endpoint).params.find((x) => x.name === name);
  if (!p) throw new Error(`${endpoint} has no ${name}`);
  return p;
}

/** The help line as ParamField writes it after "required." */
const help = (p: ParamSpec) => [p.doc, ...ruleWords(p)].join(' · ');

describe("a field's rules in its help text", () => {
  it('leaves out a rule the doc already says (the QA cases)', () => {
    expect(help(param('contact.add', 'display_name'))).toBe('1 to 128 characters');
    expect(help(param('message.send', 'geo_lat'))).toBe('Latitude, -90 to 90');
    expect(help(param('message.send', 'geo_lon'))).toBe('Longitude, -180 to 180');
    expect(help(param('contact.add', 'capabilities'))).toBe(
      'Space-separated: group_add, interactive',
    );
    expect(help(param('bulk.send', 'resources'))).not.toMatch(/1 to 1000.*1 to 1000/);
    expect(ruleWords(param('me', 'user_id'))).not.toContain('only with an app-level token');
  });

  it('keeps a rule the doc does not say', () => {
    // "User id or room id" says nothing of the length.
    expect(ruleWords(param('message.send', 'resource_id'))).toEqual(['1 to 128 characters']);
    // The contact id's pattern, and the scope names the doc does not list.
    expect(ruleWords(param('contact.add', 'contact_id'))).toEqual([
      '1 to 64 characters of A-Z a-z 0-9 . _ -',
    ]);
    expect(ruleWords(param('token', 'client_secret'))).toEqual(['a secret: redacted in the log']);
    const scope = ruleWords(param('authorize', 'scope'));
    expect(scope).toHaveLength(1);
    expect(scope[0]).toMatch(/^items from: /);
  });

  it('compares normalised words, whole words only', () => {
    expect(normalised('  Latitude,  -90 to 90.  ')).toBe('latitude -90 to 90');
    expect(docSays('Latitude, -90 TO 90.', '-90 to 90')).toBe(true);
    expect(docSays('Between 1 to 1280 items', '1 to 128')).toBe(false);
    expect(docSays('Space-separated: group_add, interactive', 'group_add')).toBe(true);
    expect(docSays('group_addition', 'group_add')).toBe(false);
    expect(docSays('anything', '')).toBe(false);
  });
});
