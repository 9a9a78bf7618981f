// The renderer's Content-Security-Policy in each of its copies (the Electron shell's header, the
// headless host's header, the meta tag of index.html): images load over https or from the
// loopback sandbox, never over plain http from elsewhere.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/electron/csp';
import { contentSecurityPolicy } from '../../../src-main/headless/security';

const metaPolicy = () => {
  const html = readFileSync(new URL('../../../src-renderer/index.html', import.meta.url), 'utf8');
  const found = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!found) throw new Error('index.html has no Content-Security-Policy meta tag');
  return found[1]!;
};

/** The sources of a policy's img-src directive. */
const imageSources = (policy: string) => {
  const directive = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'img-src');
  if (!directive) throw new Error(`no img-src in ${policy}`);
  return directive.slice(1);
};

const policies = {
  'the Electron shell': CONTENT_SECURITY_POLICY,
  'the headless host': contentSecurityPolicy(5874),
  'the meta tag of index.html': metaPolicy(),
};

describe("the renderer's img-src", () => {
  for (const [where, policy] of Object.entries(policies)) {
    it(`allows no plain http image but the loopback sandbox's, in ${where}`, () => {
      const sources = imageSources(policy);
      expect(sources).not.toContain('http:');
      expect(sources).not.toContain('*');
      const plainHttp = sources.filter((s) => s.startsWith('http://'));
      // The sandbox serves its avatars at http://127.0.0.1:<its port>/_sandbox/avatars/.
      expect(plainHttp.sort()).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
      expect(sources).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
    });
  }
});
