// Each URL's last two reports, so that a re-run after a fix shows what changed (the app's report
// card). The engine keeps them, not the window: a reloaded window, or another one, shows the same.
// In memory only: the deliveries themselves stay in the journal (each run's session), and a report
// from before a restart of the app would be compared with a handler that may have changed since.
import type { EndpointCheckHistory, EndpointCheckReport } from '../../../src-shared/contract';

/** URLs remembered; the least recently checked goes first. */
const HISTORY_URLS = 20;

interface CheckHistory {
  /** Keeps `report` as its URL's last, the last before it becoming the previous. */
  remember(report: EndpointCheckReport): EndpointCheckHistory;
  /** Every URL's, the most recently checked first. */
  list(): EndpointCheckHistory[];
}

export function createCheckHistory(limit = HISTORY_URLS): CheckHistory {
  const byUrl = new Map<string, EndpointCheckHistory>();
  return {
    remember(report) {
      const entry = {
        url: report.url,
        last: report,
        previous: byUrl.get(report.url)?.last ?? null,
      };
      // Deleted first, so the Map's order is the order of the last runs.
      byUrl.delete(report.url);
      byUrl.set(report.url, entry);
      for (const url of byUrl.keys()) {
        if (byUrl.size <= limit) break;
        byUrl.delete(url);
      }
      return entry;
    },
    list: () => [...byUrl.values()].reverse(),
  };
}
