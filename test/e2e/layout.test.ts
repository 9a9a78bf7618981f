// Arranging the panes (issue "The first hour", point 1): the splitters between the columns and
// between the event log's list and detail work from the keyboard and are remembered after a
// reload; the tools can take the middle column's place; the record detail can fill the event log
// and Escape gives the list back; F6 and Shift+F6 move the focus from pane to pane.
import { describe, expect, test } from 'vitest';
import { EventLogPage } from './pages/event-log-page';
import { LayoutPage } from './pages/layout-page';
import { POLL, useAppSession } from './support/app-session';
import { engineCall } from './support/engine';

const session = useAppSession();
const until = (words: string) => ({ ...POLL, message: words });

/**
 * Runs in the page before the app: every layout shift (Chromium's layout-shift entries) of an
 * element in the header or in a tab strip, as "where: before → after" (x,y of its box).
 */
const SHIFT_PROBE = `(() => {
  const moved = [];
  window.__moved = moved;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      for (const s of e.sources || []) {
        const el = s.node && (s.node.nodeType === 1 ? s.node : s.node.parentElement);
        const where = el && el.closest('header, [role="tablist"]');
        if (!where) continue;
        const a = s.previousRect, b = s.currentRect;
        moved.push({
          where: where.getAttribute('aria-label') || where.tagName.toLowerCase(),
          what: (el.getAttribute('aria-label') || el.textContent || el.className).trim().slice(0, 30),
          from: [Math.round(a.x), Math.round(a.y)],
          to: [Math.round(b.x), Math.round(b.y)],
        });
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** Runs in the page before the app: the names of every tool tab the page ever shows. */
const TABS_PROBE = `(() => {
  const seen = new Set();
  window.__tabsSeen = seen;
  new MutationObserver(() => {
    for (const tab of document.querySelectorAll('[role="tab"]')) seen.add(tab.textContent.trim());
  }).observe(document, { childList: true, subtree: true });
})();`;

describe('arranging the panes', () => {
  test('the tool tabs and the header stay put while the app loads, so a first click lands where it was aimed', async () => {
    const app = await session.openApp(await session.host(), {
      beforeOpen: async (page) => void (await page.addInitScript(SHIFT_PROBE)),
    });
    const page = app.page;
    // Loaded: the profiles (the switcher takes a choice) and the sessions (so does their list).
    for (const name of ['Active profile', 'Session']) {
      await expect
        .poll(
          () => page.getByRole('combobox', { name, exact: true }).isEnabled(),
          until(`the ${name} list to load`),
        )
        .toBe(true);
    }
    const moved = (await page.evaluate('window.__moved')) as {
      where: string;
      what: string;
      from: [number, number];
      to: [number, number];
    }[];
    // No tab moved at all; in the header, a wider or narrower profile name may move what follows
    // it sideways, but the header keeps its height, so nothing moves up or down.
    expect(moved.filter((m) => m.where !== 'header')).toEqual([]);
    expect(moved.filter((m) => m.from[1] !== m.to[1])).toEqual([]);
  });

  test('with a profile of its own active, the next launch draws its tabs at once: no Simulator tab comes and goes', async () => {
    const app = await session.openApp(await session.host());
    const page = app.page;
    const staging = await engineCall(page, 'profiles.create', {
      name: 'Staging',
      baseUrl: 'https://staging.example',
      clientId: 'staging-app',
      clientSecret: 'staging-secret',
      redirectUri: 'http://127.0.0.1:8000/callback',
      scopes: ['basic'],
    });
    await engineCall(page, 'profiles.select', { profileId: staging.id });
    const simulatorTab = page.getByRole('tab', { name: 'Simulator' });
    await expect
      .poll(() => simulatorTab.count(), until('the Simulator tab gone with the sandbox profile'))
      .toBe(0);

    // The next launch: every tab the strip shows while it loads, and every shift.
    await page.addInitScript(SHIFT_PROBE);
    await page.addInitScript(TABS_PROBE);
    await page.reload();
    await expect
      .poll(
        () => page.getByRole('combobox', { name: 'Active profile', exact: true }).isEnabled(),
        until('the profiles to load after the reload'),
      )
      .toBe(true);
    expect(await page.evaluate('[...window.__tabsSeen]')).not.toContain('Simulator');
    const moved = (await page.evaluate('window.__moved')) as { where: string }[];
    expect(moved.filter((m) => m.where !== 'header')).toEqual([]);
  });

  test('the splitters move from the keyboard, are clamped, reset on a double-click and are remembered after a reload', async () => {
    const app = await session.openApp(await session.host());
    const layout = new LayoutPage(app.page);
    const tools = layout.splitter('tools column');
    await tools.waitFor(POLL);
    expect(await tools.getAttribute('aria-orientation')).toBe('vertical');
    expect(await tools.getAttribute('aria-controls')).toBe('pane-tools');
    const before = await layout.width('pane-tools');
    expect(await layout.value('tools column')).toBe(320);

    await layout.press('tools column', 'ArrowRight', 2);
    await expect
      .poll(() => layout.value('tools column'), until('the tools column at 352'))
      .toBe(352);
    expect(await layout.width('pane-tools')).toBe(before + 32);

    // The event log's splitter: ArrowLeft moves it left, so the log grows.
    const logBefore = await layout.width('pane-log');
    await layout.press('event log column', 'ArrowLeft');
    await expect
      .poll(() => layout.width('pane-log'), until('the event log 16 px wider'))
      .toBe(logBefore + 16);

    // The record list's share of the event log, in percent.
    const listBefore = await layout.value('record list');
    await layout.press('record list', 'ArrowDown');
    await expect
      .poll(() => layout.value('record list'), until('the record list taller'))
      .toBe(listBefore + 4);

    await app.page.reload();
    await tools.waitFor(POLL);
    await expect
      .poll(() => layout.value('tools column'), until('the tools width kept after a reload'))
      .toBe(352);
    // Each size on its own: the engine's copy, older than this browser's, could hold the first
    // key presses and not the last (the race that failed in CI).
    await expect
      .poll(() => layout.width('pane-tools'), until('the tools column drawn 32 px wider'))
      .toBe(before + 32);
    await expect
      .poll(() => layout.width('pane-log'), until('the event log width kept after a reload'))
      .toBe(logBefore + 16);
    await expect
      .poll(() => layout.value('record list'), until('the record list share kept after a reload'))
      .toBe(listBefore + 4);

    // End gives the tools all the window allows, no more: the middle column keeps 360 px.
    await layout.press('tools column', 'End');
    const max = Number(await tools.getAttribute('aria-valuemax'));
    await expect
      .poll(() => layout.value('tools column'), until('the tools at their maximum'))
      .toBe(max);
    expect(await layout.width('pane-middle')).toBeGreaterThanOrEqual(360);
    await layout.press('tools column', 'Home');
    await expect
      .poll(() => layout.value('tools column'), until('the tools at their minimum'))
      .toBe(240);

    await tools.dblclick();
    await expect
      .poll(() => layout.value('tools column'), until('the default width back'))
      .toBe(320);
  });

  test('the tools can take the middle column and give it back, and stay widened after a reload', async () => {
    const app = await session.openApp(await session.host());
    const layout = new LayoutPage(app.page);
    await layout.widenTools.click();
    await expect
      .poll(() => layout.shown('pane-middle'), until('the middle column hidden'))
      .toBe(false);
    expect(await layout.widenTools.getAttribute('aria-pressed')).toBe('true');
    expect(await layout.width('pane-tools')).toBeGreaterThan(600);
    expect(await layout.splitter('tools column').count()).toBe(0);

    await app.page.reload();
    await layout.widenTools.waitFor(POLL);
    await expect
      .poll(() => layout.shown('pane-middle'), until('the middle column still hidden'))
      .toBe(false);

    // Asking for a view of the middle column shows it again.
    await app.page.keyboard.press('Alt+Shift+Digit1');
    await expect.poll(() => layout.shown('pane-middle'), until('the composer back')).toBe(true);
    expect(await layout.widenTools.getAttribute('aria-pressed')).toBe('false');
  });

  test('F6 and Shift+F6 move the focus from pane to pane, skipping the middle while the tools are widened', async () => {
    const app = await session.openApp(await session.host());
    const layout = new LayoutPage(app.page);
    await layout.records.waitFor(POLL);
    const pane = async () => (await layout.focused()).pane;

    await app.page.keyboard.press('F6');
    await expect.poll(pane, until('F6 to reach the tools')).toBe('pane-tools');
    expect(await layout.focused()).toMatchObject({ role: 'tab', name: 'Contacts' });
    await app.page.keyboard.press('F6');
    await expect.poll(pane, until('F6 to reach the middle column')).toBe('pane-middle');
    expect(await layout.focused()).toMatchObject({ role: 'tab', name: 'Composer' });
    await app.page.keyboard.press('F6');
    await expect.poll(pane, until('F6 to reach the event log')).toBe('pane-log');
    expect(await layout.focused()).toMatchObject({ role: 'listbox' });
    await app.page.keyboard.press('F6');
    await expect.poll(pane, until('F6 to come back to the tools')).toBe('pane-tools');
    await app.page.keyboard.press('Shift+F6');
    await expect.poll(pane, until('Shift+F6 to go back to the event log')).toBe('pane-log');

    await layout.widenTools.click();
    await expect
      .poll(() => layout.shown('pane-middle'), until('the middle column hidden'))
      .toBe(false);
    await app.page.keyboard.press('F6');
    await expect.poll(pane, until('F6 from the widened tools to the event log')).toBe('pane-log');
    await app.page.keyboard.press('F6');
    await expect.poll(pane, until('F6 back to the tools')).toBe('pane-tools');
    await app.page.keyboard.press('Shift+F6');
    await expect.poll(pane, until('Shift+F6 to skip the hidden middle column')).toBe('pane-log');
  });

  test('the record detail fills the event log column and Escape gives the list back', async () => {
    const app = await session.openApp(await session.host());
    const layout = new LayoutPage(app.page);
    const log = new EventLogPage(app.page);
    await app.getAppToken();
    const row = log.rowsSummarised(/\/tp\/token/).first();
    await row.waitFor(POLL);
    await log.openRecord(row);
    const detailBefore = (await layout.recordDetail.boundingBox())?.height ?? 0;

    await layout.maximizeDetail.click();
    await expect.poll(() => layout.records.isVisible(), until('the list hidden')).toBe(false);
    expect(await layout.maximizeDetail.getAttribute('aria-pressed')).toBe('true');
    expect(await log.search.isVisible()).toBe(false);
    expect((await layout.recordDetail.boundingBox())?.height ?? 0).toBeGreaterThan(detailBefore);

    await app.page.keyboard.press('Escape');
    await expect.poll(() => layout.records.isVisible(), until('the list back')).toBe(true);
    expect(await layout.maximizeDetail.getAttribute('aria-pressed')).toBe('false');
    expect(await log.search.isVisible()).toBe(true);
  });
});
