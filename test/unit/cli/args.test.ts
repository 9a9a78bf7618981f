import { describe, expect, it } from 'vitest';
import { parseTpArgs, UsageError } from '../../../src-main/cli/args';
import { helpText } from '../../../src-main/cli/help';

/** The refusal of `argv`: exit code and message. */
function refusal(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): { exitCode: number; message: string } {
  try {
    parseTpArgs(argv, env);
  } catch (err) {
    if (err instanceof UsageError) return { exitCode: err.exitCode, message: err.message };
    throw err;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('tp run arguments', () => {
  it('reads every option, with --var repeated and TP_VAR_* from the environment', () => {
    const args = parseTpArgs(
      [
        'run',
        'examples/sends',
        '--profile',
        'Staging',
        '--var',
        'user=u1',
        '--var',
        'text=a=b',
        '--reporter',
        'junit',
        '--out',
        'junit.xml',
        '--bail',
        '--data',
        'rows.csv',
        '--data-dir',
        '/data',
        '--yes',
        '--update-snapshots',
      ],
      { TP_VAR_user: 'from-env', TP_VAR_room: 'r1', TP_VARIABLE: 'x', TP_VAR_: 'y' },
    );
    expect(args).toEqual({
      command: 'run',
      target: 'examples/sends',
      profile: 'Staging',
      // --var wins over the environment; the value keeps everything after the first `=`.
      variables: { user: 'u1', text: 'a=b', room: 'r1' },
      reporter: 'junit',
      out: 'junit.xml',
      bail: true,
      data: 'rows.csv',
      dataDir: '/data',
      yes: true,
      updateSnapshots: true,
    });
  });

  it('defaults to the pretty reporter on stdout, no bail, no confirmation', () => {
    expect(parseTpArgs(['run', 'examples'])).toEqual({
      command: 'run',
      target: 'examples',
      variables: {},
      reporter: 'pretty',
      bail: false,
      yes: false,
      updateSnapshots: false,
    });
  });

  it.each([
    [['run'], /tp run needs a scenario file or a collection folder/],
    [['run', 'a', 'b'], /takes one a scenario file or a collection folder, not also "b"/],
    [
      ['run', 'x', '--reporter', 'tap'],
      /"tap" is not a reporter: write --reporter pretty, json or junit/,
    ],
    [['run', 'x', '--var', 'novalue'], /"novalue" is not name=value: write --var user=u123/],
    [['run', 'x', '--var', '1bad=v'], /"1bad=v" is not name=value/],
    [['run', 'x', '--colour'], /Unknown option '--colour'/],
    [['run', 'x', '--profile'], /--profile/],
    [['run', 'x', '--profile', ' '], /--profile needs a value/],
    [['run', 'x', '--data-dir', '/d'], /--data-dir .* goes with --profile NAME/],
    [['export'], /tp export needs a collection folder/],
    [['export', 'x', '--format', 'insomnia'], /write --format postman/],
    [['openapi', 'file.json'], /tp openapi takes no path: write tp openapi --out file.json/],
    [
      ['launch'],
      /There is no command "launch": the commands are run, check, load, mcp, export and openapi/,
    ],
    [['--verbose'], /--verbose is not an option here/],
    [[], /Give tp a command/],
    [['help', 'launch'], /There is no command "launch"/],
  ])('refuses %j with exit code 2 and what to write instead', (argv, message) => {
    const { exitCode, message: said } = refusal(argv);
    expect(exitCode).toBe(2);
    expect(said).toMatch(message);
    // Every refusal ends with how to call it.
    expect(said).toMatch(/Usage: npm run -s tp -- /);
  });
});

describe('tp help', () => {
  it.each([
    [['--help'], undefined],
    [['-h'], undefined],
    [['help'], undefined],
    [['help', 'run'], 'run'],
    [['run', '--help'], 'run'],
    [['export', '-h'], 'export'],
    [['openapi', '--help'], 'openapi'],
  ])('%j asks for the help of %s', (argv, topic) => {
    expect(parseTpArgs(argv)).toEqual(topic ? { command: 'help', topic } : { command: 'help' });
  });

  it('gives an example for every command', () => {
    for (const topic of ['run', 'export', 'openapi'] as const) {
      expect(helpText(topic)).toMatch(new RegExp(`Examples?:\\n  npm run -s tp -- ${topic} `));
    }
    expect(helpText(undefined)).toMatch(/run <file or folder>[\s\S]*export <folder>[\s\S]*openapi/);
  });
});
