// tp load's arguments: the rate and duration it needs, the mix read and checked, a URL off this
// machine only with --yes; every refusal says what to write.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src-main/cli/args';
import { helpText } from '../../../src-main/cli/help';
import { parseLoad, parseLoadDuration } from '../../../src-main/cli/load/load-args';
import { loadKinds } from '../../../src-main/core/load/load-deliveries';

const refusal = (argv: string[]) => {
  try {
    parseLoad(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as UsageError).message;
  }
  throw new Error(`${argv.join(' ')} was not refused`);
};

const URL = 'http://127.0.0.1:3000/hook';

describe('tp load arguments', () => {
  it('takes the URL, rate, duration, mix and the options', () => {
    expect(
      parseLoad([URL, '--rate', '2000', '--duration', '5s', '--mix', 'text=60,picture=40']),
    ).toEqual({
      command: 'load',
      url: URL,
      rate: 2000,
      durationMs: 5000,
      maxErrorsPct: 1,
      reporter: 'pretty',
      yes: false,
      mix: [
        { kind: 'text', weight: 60 },
        { kind: 'picture', weight: 40 },
      ],
    });
  });

  it('reads a duration as 500ms, 30s, 2m or a number of seconds', () => {
    expect(parseLoadDuration('500ms')).toBe(500);
    expect(parseLoadDuration('30s')).toBe(30_000);
    expect(parseLoadDuration('2m')).toBe(120_000);
    expect(parseLoadDuration('1.5')).toBe(1500);
    expect(parseLoadDuration('soon')).toBeNull();
  });

  it('refuses a missing or impossible rate and duration, saying what to write', () => {
    expect(refusal([URL, '--duration', '5s'])).toContain('--rate is missing');
    expect(refusal([URL, '--rate', '0', '--duration', '5s'])).toContain('e.g. --rate 200');
    expect(refusal([URL, '--rate', '20000', '--duration', '5s'])).toContain('to 10000');
    expect(refusal([URL, '--rate', '10'])).toContain('--duration is missing');
    expect(refusal([URL, '--rate', '10', '--duration', '2h'])).toContain('e.g. --duration 30s');
  });

  it('refuses a URL off this machine without --yes, and takes it with', () => {
    expect(refusal(['http://192.0.2.10/hook', '--rate', '10', '--duration', '1s'])).toContain(
      '192.0.2.10 is not this machine',
    );
    expect(
      parseLoad(['http://192.0.2.10/hook', '--rate', '10', '--duration', '1s', '--yes']),
    ).toMatchObject({ url: 'http://192.0.2.10/hook', yes: true });
  });

  it('refuses a mix kind that does not exist with the nearest one, and a junit reporter', () => {
    expect(refusal([URL, '--rate', '10', '--duration', '1s', '--mix', 'picure=1'])).toContain(
      'did you mean picture?',
    );
    expect(refusal([URL, '--rate', '10', '--duration', '1s', '--reporter', 'junit'])).toContain(
      'write pretty, json or html',
    );
    expect(refusal([URL, '--rate', '10', '--duration', '1s', '--max-errors', '150'])).toContain(
      'percentage from 0 to 100',
    );
  });

  it('--help shows the load usage, which names every kind --mix takes', () => {
    expect(parseLoad(['--help'])).toEqual({ command: 'help', topic: 'load' });
    const usage = helpText('load').replace(/\s+/g, ' ');
    const listed = /kinds: (.*?) --max-errors/.exec(usage)?.[1]?.split(', ');
    expect(listed).toEqual(loadKinds());
    expect(usage).toContain('Exit: 0 the error rate within --max-errors');
    expect(usage).toContain('--reporter KIND pretty (default), json, or html');
  });

  it('takes --reporter html with --out', () => {
    expect(
      parseLoad([URL, '--rate', '10', '--duration', '1s', '--reporter', 'html', '--out', 'l.html']),
    ).toMatchObject({ reporter: 'html', out: 'l.html' });
  });
});
