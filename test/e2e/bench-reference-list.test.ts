// bench:live's reference list (bench/reference-live-list.html), opened as the bench opens it
// (bench/live-pages.mjs): through the headless host's WebSocket it shows the journal's count and
// each delivery that arrives as a row (time, kind, status, summary), following the end, under the
// role, name and row ids the bench's probe reads; and so does the floor (the same page drawing one
// row), with the newest alone. A page that showed nothing would make the bench's figures for it
// meaningless.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POLL } from './support/app-session';
import { chromiumPath } from './support/browser';
import { projectDir } from '../helpers/builder-config';
import type { ChildProcess } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';

// Loaded by URL: the bench's scripts belong to the scripts' type project, not the tests'.
const load = async <T>(file: string) =>
  (await import(pathToFileURL(join(projectDir, 'bench', file)).href)) as T;
const children = await load<{
  startHost(
    dataDir: string,
  ): Promise<{ child: ChildProcess; ready: { url: string; inbound: string; sandbox: string } }>;
  sandboxAppSecret(ready: { sandbox: string }): Promise<string>;
  signedDelivery(secret: string, id: string): string;
}>('children.mjs');
const pages = await load<{
  LIVE_BROWSER_ARGS: string[];
  FLOOR_ROWS: number;
  openReference(
    context: BrowserContext,
    hostUrl: string,
    file?: string,
    rows?: number,
  ): Promise<Page>;
}>('live-pages.mjs');

let dataDir: string;
let host: Awaited<ReturnType<typeof children.startHost>>;
let browser: Browser;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tp-e2e-reference-'));
  host = await children.startHost(dataDir);
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: pages.LIVE_BROWSER_ARGS,
  });
});
afterAll(async () => {
  await browser?.close();
  const child = host?.child;
  if (child && child.exitCode === null) {
    await new Promise((exited) => {
      child.once('exit', exited);
      child.kill('SIGTERM');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const journalCount = () =>
  readFileSync(join(dataDir, 'journal.ndjson'), 'utf8')
    .split('\n')
    .filter((l) => l.trim()).length;

const cases = [
  { page: 'the reference', rows: undefined, drawn: 36 },
  { page: 'the floor', rows: pages.FLOOR_ROWS, drawn: 1 },
];
it.each(cases)(
  '$page shows the journal count, then each delivery as it arrives, the newest in view',
  async ({ rows, drawn }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await pages.openReference(context, host.ready.url, undefined, rows);
      const count = page.getByRole('status', { name: 'Record count' });
      // The count the page shows when it is the journal's, read together (the host may append).
      const countOfJournal = async () => {
        const [shown, held] = [await count.innerText(), journalCount()];
        return shown === `${held} record${held === 1 ? '' : 's'}` ? held : 0;
      };
      const start = await waitFor(countOfJournal, 1, 'the count of the records at start');

      const secret = await children.sandboxAppSecret(host.ready);
      // More than the 36 rows the list has elements for, so rows are reused as the list follows the end.
      for (let i = 0; i < 40; i++) {
        const res = await fetch(host.ready.inbound, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: children.signedDelivery(secret, `m${drawn}reference${i}`),
        });
        expect(res.status).toBe(200);
      }
      const total = await waitFor(countOfJournal, start + 40, 'the count after the 40 deliveries');
      const newest = page.locator(`#log-row-${total}`);
      await expect
        .poll(() => newest.getAttribute('aria-posinset'), {
          ...POLL,
          message: 'the newest row drawn',
        })
        .toBe(String(total));
      // The rows drawn: the pool (reused as the list follows the end), or the newest alone.
      await expect
        .poll(() => page.locator('[id^="log-row-"]:not([hidden])').count(), {
          ...POLL,
          message: 'the rows drawn',
        })
        .toBe(drawn);
      const cells = await newest.locator('span').allInnerTexts();
      expect(cells[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/);
      expect(cells.slice(1, 3)).toEqual(['delivery', '200']);
      expect(cells[3]).toBe('Delivery: text message from u7k2m9q → 200 (signature valid)');
      // Following the end: the newest row is in the list's view.
      const list = await page.getByRole('listbox', { name: 'Records' }).boundingBox();
      const row = await newest.boundingBox();
      expect(list && row && row.y >= list.y && row.y + row.height <= list.y + list.height + 1).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  },
);

/** Polls `read` until it gives at least `least`, and gives what it read then. */
async function waitFor(read: () => Promise<number>, least: number, what: string): Promise<number> {
  let last = 0;
  await expect
    .poll(async () => (last = await read()), { ...POLL, message: what })
    .toBeGreaterThanOrEqual(least);
  return last;
}
