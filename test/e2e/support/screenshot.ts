// Screenshots of the app after a flow: always under test-results/ for a person to look at, and
// the main one into docs/ (the README's picture) only when asked with UPDATE_SCREENSHOTS=1.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Page } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '../../..');

/** `name` other than 'app' goes to test-results/ only: docs/ has the one picture. */
export async function saveAppScreenshot(page: Page, name = 'app'): Promise<string> {
  const path = resolve(ROOT, `test-results/screenshots/${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  if (name === 'app' && process.env.UPDATE_SCREENSHOTS === '1') {
    copyFileSync(path, resolve(ROOT, 'docs/screenshot.png'));
  }
  return path;
}

/** A picture the user's guide shows: into docs/images/ only when asked with UPDATE_SCREENSHOTS=1. */
export async function saveDocScreenshot(page: Page, name: string): Promise<string> {
  const path = await saveAppScreenshot(page, name);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    copyFileSync(path, resolve(ROOT, `docs/images/${name}.png`));
  }
  return path;
}
