// `npm run docs:screens`: the user's guide's pictures of the tool tabs (docs/images/tabs/*.png,
// each tab at 1280x800 and 1920x1080, light and dark) and of the window at 1920x1080, dark
// (docs/images/layout-1920-dark.png), and the Scenario view's Add step form at 1280x800, light and
// dark (docs/images/step-editor-*.png), and the endpoint check's report card at both sizes, light
// and dark (docs/images/endpoint-check-*.png), from the built headless host in headless Chromium
// (the system's, or TP_CHROMIUM_PATH). `npm run docs:screens -- endpoint-check` takes only the
// files whose name has those words. The flows are test/e2e/*.shots.ts, run here by vitest
// so that it drives the app with the e2e tests' page objects and host and writes the pictures with
// their saveDocScreenshot; a copy of each stays under test-results/screenshots/. Look at them
// before committing them.
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));
// saveDocScreenshot copies into docs/images/ only when asked; the vitest workers inherit it.
process.env.UPDATE_SCREENSHOTS = '1';
const vitest = await startVitest('test', process.argv.slice(2), {
  root,
  // Not vitest.config.ts: its projects' includes leave this file out, on purpose.
  config: false,
  watch: false,
  include: ['test/e2e/*.shots.ts'],
  environment: 'node',
  testTimeout: 300_000,
  hookTimeout: 60_000,
});
const failed = vitest.state.getCountOfFailedTests() > 0 || !vitest.state.getFiles().length;
await vitest.close();
if (failed) {
  console.error(
    'docs:screens: the pictures were not all taken (see above); docs/images is as it was or partly written.',
  );
  process.exit(1);
}
console.log(
  'docs:screens: written docs/images/tabs/*.png, docs/images/layout-1920-dark.png, docs/images/step-editor-*.png, docs/images/endpoint-check-*.png and docs/images/load-*.png (those of the files chosen).',
);
