// Chromium for the e2e tests comes from the OS (Debian's package), not from a Playwright download,
// which these machines cannot reach.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  const path = process.env.TP_CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. The e2e tests drive a system Chromium: apt-get install -y chromium, or set TP_CHROMIUM_PATH to a Chromium or Chrome binary.`,
    );
  }
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Containers often give /dev/shm 64 MB, which Chromium outgrows and then crashes tabs.
      '--disable-dev-shm-usage',
    ],
  });
}
