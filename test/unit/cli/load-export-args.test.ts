// tp export --format artillery|k6: the rate and duration as tp load takes them, a handler URL or a
// target (or both), a folder for Artillery; every refusal says what to write. The Postman export
// keeps its own parser.
import { describe, expect, it } from 'vitest';
import { parseTpArgs, UsageError } from '../../../src-main/cli/args';
import { parseLoadExport, wantsLoadScript } from '../../../src-main/cli/load/load-export-args';

const refusal = (argv: string[]) => {
  try {
    parseLoadExport(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as UsageError).message;
  }
  throw new Error(`${argv.join(' ')} was not refused`);
};

const HOOK = 'http://127.0.0.1:3000/hook';

describe('tp export --format artillery|k6', () => {
  it('is told apart from the Postman export by its --format', () => {
    expect(wantsLoadScript(['examples', '--format', 'artillery'])).toBe(true);
    expect(wantsLoadScript(['examples', '--format=k6'])).toBe(true);
    expect(wantsLoadScript(['examples', '--format', 'postman'])).toBe(false);
    expect(wantsLoadScript(['examples'])).toBe(false);
  });

  it('takes the rate, duration, handler URL and target', () => {
    expect(
      parseLoadExport([
        'examples',
        '--format',
        'artillery',
        '--rate',
        '50',
        '--duration',
        '2m',
        '--handler-url',
        HOOK,
        '--target',
        'https://platform.example/',
        '--out',
        'load',
      ]),
    ).toEqual({
      command: 'export-load',
      folder: 'examples',
      format: 'artillery',
      rate: 50,
      durationMs: 120_000,
      handlerUrl: HOOK,
      target: 'https://platform.example',
      out: 'load',
    });
    expect(parseLoadExport(['examples', '--format', 'k6', '--handler-url', HOOK])).toMatchObject({
      format: 'k6',
      rate: 10,
      durationMs: 60_000,
    });
  });

  it('refuses what it cannot write, saying what to write instead', () => {
    expect(refusal(['examples', '--format', 'k6'])).toMatch(/needs --handler-url .*--target/);
    expect(refusal(['examples', '--format', 'artillery', '--handler-url', HOOK])).toMatch(
      /writes a folder .*add --out FOLDER/,
    );
    expect(refusal(['examples', '--format', 'k6', '--handler-url', HOOK, '--rate', '0'])).toMatch(
      /--rate "0": give the arrivals a second/,
    );
    expect(
      refusal(['examples', '--format', 'k6', '--handler-url', HOOK, '--duration', '300ms']),
    ).toMatch(/--duration "300ms": give whole seconds/);
    expect(refusal(['examples', '--format', 'k6', '--handler-url', 'ftp://x'])).toMatch(
      /is not http:\/\/ or https:\/\//,
    );
  });

  it('the Postman export names the load formats among the formats', () => {
    expect(() => parseTpArgs(['export', 'examples', '--format', 'jmeter'])).toThrow(
      /write --format postman .*artillery or k6/,
    );
  });
});
