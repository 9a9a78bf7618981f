// The screenshot of the app after the main flow: always under test-results/ for a person to look
// at, and into docs/ (the README's picture) only when asked with UPDATE_SCREENSHOTS=1.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../..');

export async function saveAppScreenshot(page: Page): Promise<string> {
  const path = resolve(ROOT, 'test-results/screenshots/app.png');
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  if (process.env.UPDATE_SCREENSHOTS === '1')
    copyFileSync(path, resolve(ROOT, 'docs/screenshot.png'));
  return path;
}
