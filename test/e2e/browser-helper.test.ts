// The e2e suite's own helper: without a Chromium it must say how to get one, not fail obscurely.
import { afterEach, describe, expect, test } from 'vitest';
import { chromiumPath } from './support/browser';

const saved = process.env.TP_CHROMIUM_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.TP_CHROMIUM_PATH;
  else process.env.TP_CHROMIUM_PATH = saved;
});

describe('chromiumPath', () => {
  test('names the missing file and both ways to get a Chromium', () => {
    process.env.TP_CHROMIUM_PATH = '/nonexistent/chromium-for-tp-tests';
    expect(() => chromiumPath()).toThrow(/\/nonexistent\/chromium-for-tp-tests/);
    expect(() => chromiumPath()).toThrow(/apt-get install -y chromium, or set TP_CHROMIUM_PATH/);
  });

  test('uses TP_CHROMIUM_PATH when it points at a file', () => {
    process.env.TP_CHROMIUM_PATH = process.execPath;
    expect(chromiumPath()).toBe(process.execPath);
  });
});
