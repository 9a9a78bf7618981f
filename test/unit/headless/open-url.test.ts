import { describe, expect, it } from 'vitest';
import { isWebUrl, openInBrowser, systemOpener } from '../../../src-main/headless/open-url';

describe('opening the system browser', () => {
  it('picks the platform opener', () => {
    expect(systemOpener('linux').command).toBe('xdg-open');
    expect(systemOpener('darwin').command).toBe('open');
    expect(systemOpener('win32').args('http://x/?a=1&b=2')).toEqual([
      'url.dll,FileProtocolHandler',
      'http://x/?a=1&b=2',
    ]);
  });

  it('says false, quietly, when there is no opener', async () => {
    const opened = await openInBrowser('http://127.0.0.1:1/', {
      command: 'tp-inspector-no-such-opener',
      args: (url) => [url],
    });
    expect(opened).toBe(false);
  });

  it('says true when the opener starts', async () => {
    expect(
      await openInBrowser('http://127.0.0.1:1/', {
        command: process.execPath,
        args: () => ['-e', '0'],
      }),
    ).toBe(true);
  });

  it('opens web links only', async () => {
    expect(isWebUrl('https://example.com')).toBe(true);
    expect(isWebUrl('file:///etc/passwd')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
    await expect(openInBrowser('file:///etc/passwd')).rejects.toThrow(/Only http and https/);
  });
});
