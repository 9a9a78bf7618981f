// tp check's arguments: a URL off this machine needs --yes, and every refusal says what to write.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src-main/cli/args';
import { parseCheck } from '../../../../src-main/cli/check/check-args';

const refusal = (argv: string[]) => {
  try {
    parseCheck(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as UsageError).message;
  }
  throw new Error(`${argv.join(' ')} was not refused`);
};

describe('tp check arguments', () => {
  it('takes a loopback URL and the options', () => {
    expect(
      parseCheck([
        'http://127.0.0.1:3000/hook',
        '--only',
        'accepts.,burst',
        '--skip',
        'deadline',
        '--burst',
        '20',
        '--reporter',
        'junit',
        '--out',
        'check.xml',
        '--signature-method',
        'HMAC-SHA1',
      ]),
    ).toEqual({
      command: 'check',
      url: 'http://127.0.0.1:3000/hook',
      only: ['accepts.', 'burst'],
      skip: ['deadline'],
      burst: 20,
      reporter: 'junit',
      out: 'check.xml',
      signatureMethod: 'HMAC-SHA1',
      yes: false,
    });
  });

  it('needs --yes for a URL that is not this machine', () => {
    expect(refusal(['https://hooks.example.com/tp'])).toMatch(
      /hooks\.example\.com is not this machine: .*Add --yes if that server is yours to test/,
    );
    expect(parseCheck(['https://hooks.example.com/tp', '--yes'])).toMatchObject({ yes: true });
    expect(parseCheck(['http://localhost:3000/'])).toMatchObject({ yes: false });
  });

  it('refuses what is not an http(s) URL, a bad burst, an unknown method or reporter', () => {
    expect(refusal([])).toMatch(/tp check takes one URL/);
    expect(refusal(['127.0.0.1:3000'])).toMatch(/"127.0.0.1:3000" is not a URL: write http:/);
    expect(refusal(['ftp://127.0.0.1/'])).toMatch(/not http:\/\/ or https:\/\//);
    expect(refusal(['http://127.0.0.1:1/', '--burst', '0'])).toMatch(
      /--burst "0" is not a count from 1 to 1000/,
    );
    expect(refusal(['http://127.0.0.1:1/', '--signature-method', 'MD5'])).toMatch(
      /write HMAC-SHA256, HMAC-SHA1, RSA-SHA256/,
    );
    expect(refusal(['http://127.0.0.1:1/', '--reporter', 'tap'])).toMatch(/pretty, json or junit/);
  });
});
