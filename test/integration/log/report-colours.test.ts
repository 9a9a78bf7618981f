// The HTML reports as Chromium draws them under their own policy: light or dark as the system
// asks on screen, light when printed, and a load run's histogram drawn as bars as wide as their
// share (inline SVG, which the policy lets through where it refuses style attributes).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportPage } from '../../../src-main/core/log/html-report/load-report-page';
import { launchChromium } from '../../e2e/support/browser';
import { LOAD_SUMMARY } from '../../helpers/load-summary';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function opened(scheme: 'light' | 'dark', media: 'screen' | 'print'): Promise<Page> {
  const page = await browser.newPage({ colorScheme: scheme });
  await page.emulateMedia({ media, colorScheme: scheme });
  await page.setContent(loadReportPage(LOAD_SUMMARY, '1.2.3'));
  return page;
}

// A string, run in the page: the tests' TypeScript has no DOM types.
const colours = (page: Page) =>
  page.evaluate<{ background: string; text: string }>(`(() => {
    const body = getComputedStyle(document.body);
    return { background: body.backgroundColor, text: body.color };
  })()`);

describe('the HTML reports in a browser', () => {
  it('are dark on screen when the system asks, light otherwise and when printed', async () => {
    const dark = await opened('dark', 'screen');
    expect(await colours(dark)).toEqual({
      background: 'rgb(15, 18, 23)',
      text: 'rgb(226, 230, 236)',
    });
    const light = await opened('light', 'screen');
    expect((await colours(light)).text).toBe('rgb(34, 34, 34)');
    const printed = await opened('dark', 'print');
    expect((await colours(printed)).text).toBe('rgb(34, 34, 34)');
    await Promise.all([dark.close(), light.close(), printed.close()]);
  });

  it("draws a load run's histogram bars as wide as their share of the largest", async () => {
    const page = await opened('light', 'screen');
    const widths = await page.$$eval('.load-histogram rect', (rects) =>
      rects.map((r) => r.getBoundingClientRect().width),
    );
    // LOAD_SUMMARY's shown ranges: 300, 600, 0, 50, 20, 0, 0, 0, 10 answers.
    expect(widths).toHaveLength(9);
    const full = widths[1]!;
    expect(full).toBeGreaterThan(200);
    expect(widths[0]! / full).toBeCloseTo(0.5, 2);
    expect(widths[2]).toBe(0);
    expect(widths[3]! / full).toBeCloseTo(50 / 600, 2);
    await page.close();
  });
});
