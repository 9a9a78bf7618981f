#!/usr/bin/env node
// `npm run icons`: the icon set from its one source, resources/icon.svg, rendered by Chromium
// (playwright-core driving Debian's /usr/bin/chromium, or TP_CHROMIUM_PATH) at every size the
// platforms ask for. Writes resources/icon.png (1024 px: electron-builder makes the macOS .icns
// and the Windows .ico from it) and resources/icons/<N>x<N>.png (the Linux set). The PNGs are
// committed: run this again after changing the SVG.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const resources = join(root, 'resources');
const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const svg = readFileSync(join(resources, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.TP_CHROMIUM_PATH || '/usr/bin/chromium',
});
try {
  const page = await browser.newPage();
  mkdirSync(join(resources, 'icons'), { recursive: true });
  for (const size of ICON_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace(/width="1024" height="1024"/, `width="${size}" height="${size}"`);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png);
    if (size === 1024) writeFileSync(join(resources, 'icon.png'), png);
  }
  console.log(`Wrote resources/icon.png and ${ICON_SIZES.length} sizes in resources/icons/.`);
} finally {
  await browser.close();
}
