// The app's endpoint check: one run at a time per URL, each told as it goes
// (endpointCheck.progress) and when it ends (endpointCheck.ended, with the URL's history), and
// stoppable (endpointCheck.stop). The battery itself is run-check.ts's, as the command line runs it.
import { errorText } from '../../../src-shared/contract/errors';
import { CommandError, type CommandOutput } from '../../../src-shared/contract';
import type { EndpointCheckProgress } from '../../../src-shared/contract';
import type { CoreEventEmitter } from '../events';
import type { RunSessionInvoke } from '../runner';
import { createCheckHistory } from './check-history';
import {
  allChecks,
  runEndpointCheck,
  type EndpointCheckDeps,
  type EndpointCheckInput,
} from './run-check';

/** Progress events while deliveries go out (a burst sends many at once): at most one this often. */
const PROGRESS_GAP_MS = 100;

export function createEndpointCheckService(
  s: EndpointCheckDeps & { events: CoreEventEmitter },
  invoke: RunSessionInvoke,
) {
  const history = createCheckHistory();
  const running = new Map<string, { abort: AbortController; progress: EndpointCheckProgress }>();

  async function run(input: EndpointCheckInput) {
    if (running.has(input.url)) {
      throw new CommandError({
        code: 'conflict',
        message: `A check of ${input.url} is running already. Wait for its report, or stop it, then run it again.`,
      });
    }
    const abort = new AbortController();
    const mine = {
      abort,
      progress: { url: input.url, checkId: '', checkName: '', index: 1, total: 1, sent: 0 },
    };
    running.set(input.url, mine);
    let toldAt = 0;
    const tell = (force: boolean) => {
      if (!force && Date.now() - toldAt < PROGRESS_GAP_MS) return;
      toldAt = Date.now();
      s.events.emit('endpointCheck.progress', { ...mine.progress });
    };
    try {
      const report = await runEndpointCheck(s, invoke, input, {
        signal: abort.signal,
        onCheck: (check, index, total) => {
          Object.assign(mine.progress, { checkId: check.id, checkName: check.name, index, total });
          tell(true);
        },
        onSent: (sent) => {
          mine.progress.sent = sent;
          tell(false);
        },
      });
      const entry = history.remember(report);
      s.events.emit('endpointCheck.ended', { url: input.url, history: entry, error: null });
      return report;
    } catch (err) {
      const error = errorText(err);
      s.events.emit('endpointCheck.ended', { url: input.url, history: null, error });
      throw err;
    } finally {
      running.delete(input.url);
    }
  }

  return {
    run,
    stop(url: string): { stopping: boolean } {
      const mine = running.get(url);
      mine?.abort.abort();
      return { stopping: mine !== undefined };
    },
    state(): CommandOutput<'endpointCheck.state'> {
      return {
        checks: allChecks().map(({ id, name, rule }) => ({ id, name, rule })),
        running: [...running.values()].map((r) => ({ ...r.progress })),
        history: history.list(),
      };
    },
  };
}
