// The advice a simulator refusal ends with: one per action, so it fits what was tried; a
// registration refusal names the field of the form the sandbox named.
import { describe, expect, it } from 'vitest';
import {
  REFUSAL_HINTS,
  registrationHint,
} from '../../../../src-main/core/simulator/simulator-service';

describe('refusal hints', () => {
  it("a registration refusal says which field of the form to fix, by the form's label", () => {
    expect(registrationHint('endpoint_url: must be an http(s) URL or ""')).toBe(
      'Fix the Endpoint URL field, then save again.',
    );
    expect(registrationHint('directory_url: must be an http(s) URL or ""')).toBe(
      'Fix the Directory URL field, then save again.',
    );
    expect(registrationHint('rate_limit.count: Too small')).toBe(
      'Fix the Rate limit field, then save again.',
    );
    expect(registrationHint('body: Expected object')).toBe(
      'Fix the field it names, then save again.',
    );
  });

  it("only the actions about contacts talk of the contact's capabilities", () => {
    const about = Object.entries(REFUSAL_HINTS)
      .filter(([, hint]) => typeof hint === 'string' && hint.includes('capabilities'))
      .map(([action]) => action)
      .sort();
    expect(about).toEqual(['room.invite', 'sendMessage']);
    expect(registrationHint('endpoint_url: x')).not.toMatch(/ids|capabilities/);
  });
});
