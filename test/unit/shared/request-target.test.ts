// The one parser of request targets every server uses (RFC 9112 §3.2): a path is a path, an
// absolute URL keeps its host, and nothing else is a target these servers answer.
import { describe, expect, it } from 'vitest';
import { parseRequestTarget } from '../../../src-shared/rules/request-target';

const ok = (raw: string | undefined) => {
  const t = parseRequestTarget(raw);
  if (!t.ok) throw new Error(`refused ${String(raw)}: ${t.problem}`);
  return t;
};
const problemOf = (raw: string) => {
  const t = parseRequestTarget(raw);
  if (t.ok) throw new Error(`accepted ${raw} as ${t.url.href}`);
  return t.problem;
};

describe('parseRequestTarget', () => {
  it('reads an origin-form target as its path and query, whatever the characters', () => {
    expect(ok('/a/b?x=1&y').url.pathname).toBe('/a/b');
    expect(ok('/a/b?x=1&y').url.searchParams.get('x')).toBe('1');
    expect(ok('/a/../b/./c').url.pathname).toBe('/b/c');
    expect(ok('/%zz').url.pathname).toBe('/%zz');
    expect(ok('/%').url.pathname).toBe('/%');
    expect(ok(undefined).url.pathname).toBe('/');
    expect(ok('/x').form).toBe('origin');
  });

  it('never takes a host from an origin-form target, nor a path that reads as one', () => {
    expect(ok('/@evil.example').url.pathname).toBe('/@evil.example');
    expect(ok('/a//b').url.pathname).toBe('/a//b');
    // URL turns each of these into the path //evil.example: a base would read a host there.
    for (const target of ['/\\evil.example/x', '/.//evil.example', '/..//evil.example'])
      expect(problemOf(target), target).toContain('reads as a path starting with //');
  });

  it('refuses a target that starts with //, which URL parsers read as a host', () => {
    expect(problemOf('//')).toBe(
      'The request target "//" starts with //, which reads as a host name: send a path that starts with a single /.',
    );
    expect(problemOf('//evil.example/x')).toContain('"//evil.example/x"');
  });

  it('accepts an absolute-form target with its own host (RFC 9112 §3.2.2)', () => {
    const t = ok('http://evil.example/x?q');
    expect(t.form).toBe('absolute');
    expect(t.url.host).toBe('evil.example');
    expect(t.url.pathname).toBe('/x');
  });

  it('refuses an absolute URL that does not parse, asterisk-form and authority-form', () => {
    expect(problemOf('http://')).toBe('The request target "http://" is not a valid URL.');
    expect(problemOf('http://x:99999/')).toContain('is not a valid URL');
    expect(problemOf('*')).toContain('asterisk-form');
    expect(problemOf('127.0.0.1:80')).toBe(
      'The request target "127.0.0.1:80" is not a path: send a target that starts with / (origin-form, RFC 9112 §3.2.1).',
    );
    expect(problemOf('ftp://x/')).toContain('is not a path');
  });

  it('quotes at most 80 characters of a long target in its words', () => {
    const problem = problemOf(`//${'a'.repeat(100_000)}`);
    expect(problem).toContain(`"//${'a'.repeat(78)}…"`);
    expect(problem.length).toBeLessThan(200);
  });
});
