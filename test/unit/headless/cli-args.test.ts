import { describe, expect, it } from 'vitest';
import { parseServeArgs } from '../../../src-main/headless/cli-args';

describe('serve arguments', () => {
  it('defaults to the preferred port, the default data dir, human output, no browser', () => {
    expect(parseServeArgs([])).toEqual({ json: false, open: false });
  });

  it('reads every option', () => {
    expect(parseServeArgs(['--port', '0', '--data-dir', '/tmp/x', '--json', '--open'])).toEqual({
      port: 0,
      dataDir: '/tmp/x',
      json: true,
      open: true,
    });
    expect(parseServeArgs(['--port=8080'])).toMatchObject({ port: 8080 });
    expect(parseServeArgs(['--redirect-port', '0'])).toMatchObject({ redirectPort: 0 });
    expect(parseServeArgs(['--redirect-port=47000'])).toMatchObject({ redirectPort: 47000 });
  });

  it('refuses bad ports and unknown options with the usage', () => {
    for (const bad of ['=-1', '=65536', '=1.5', '=abc', '=']) {
      expect(() => parseServeArgs([`--port${bad}`]), bad).toThrow(/--port must be/);
      expect(() => parseServeArgs([`--redirect-port${bad}`]), bad).toThrow(
        /--redirect-port must be/,
      );
    }
    expect(() => parseServeArgs(['--nope'])).toThrow(/Usage: npm run serve/);
    expect(() => parseServeArgs(['stray'])).toThrow(/Usage/);
    expect(() => parseServeArgs(['--data-dir', ''])).toThrow(/--data-dir needs a folder/);
  });
});
