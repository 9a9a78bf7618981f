// Opening a tab the way a person does, with a click, and making sure it took. A click that does not
// select its tab left a test waiting 30 s for a panel that never showed (once in CI, the Users
// tab: the tools' tabs shared out their strip again when the Simulator tab came with the active
// profile, and moved under the pointer; layout.test.ts now checks that they stay put). The tab is
// clicked again until it says it is selected, then its panel is waited for.
import type { Locator } from 'playwright-core';
import { waitFor } from '../../helpers/wait-for';

export async function openTab(tab: Locator, panel: Locator, name: string): Promise<void> {
  await waitFor(
    `the ${name} tab to be selected`,
    async () => {
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
      return (await tab.getAttribute('aria-selected')) === 'true' ? true : undefined;
    },
    { timeoutMs: 30_000, everyMs: 250 },
  );
  await panel.waitFor();
}
