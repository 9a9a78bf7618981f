// Per-file e2e session: one Chromium for the file, and per test the hosts and browser contexts it
// started, all stopped after the test whatever happened in it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { AppPage } from '../pages/app-page';
import { launchChromium } from './browser';
import { startHost, type HostOptions, type RunningHost } from './host';

/** Waits long enough for a cold engine on a busy 2-core machine, short of the test timeout. */
export const POLL = { timeout: 15_000 };

interface OpenOptions {
  colorScheme?: 'light' | 'dark';
  /** Runs on the new page before it opens the app (e.g. tapEngine). */
  beforeOpen?: (page: Page) => Promise<void>;
}

export interface AppSession {
  /** Starts a headless host on a fresh data directory, or on `dataDir` to reuse one. */
  host(dataDir?: string, options?: HostOptions): Promise<RunningHost>;
  /** Opens the host's app in a new 1280x800 browser context and waits for the engine link. */
  openApp(running: RunningHost, options?: OpenOptions): Promise<AppPage>;
}

/** Call at the top level of a test file: registers the hooks and returns the session. */
export function useAppSession(): AppSession {
  let browser: Browser | undefined;
  const hosts: RunningHost[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    await Promise.all(hosts.splice(0).map((h) => h.stop()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async host(dataDir, options) {
      const started = await startHost(dataDir, options);
      hosts.push(started);
      return started;
    },
    async openApp(running, options = {}) {
      if (!browser) throw new Error('useAppSession() must be called at the top level of the file');
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        colorScheme: options.colorScheme ?? 'light',
      });
      contexts.push(context);
      const page = await context.newPage();
      await options.beforeOpen?.(page);
      const app = new AppPage(page);
      await app.open(running.ready.url);
      return app;
    },
  };
}
