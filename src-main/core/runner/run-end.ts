// A run's outcome once its scenarios are done (or it was stopped): its counts, its status, and
// the run's last record in its session, which the person's report and the run's summary read.
import type { RunView } from '../../../src-shared/contract';
import type { Journal } from '../log';
import type { Profile } from '../profiles';
import { countSteps } from './run-view';
import { durationWords } from './step-context';

export function endRun(
  view: RunView,
  profile: Pick<Profile, 'id' | 'name'>,
  journal: Journal,
  stopped: boolean,
  startedAt: number,
): void {
  view.durationMs = Math.round(performance.now() - startedAt);
  view.question = null;
  view.counts = countSteps(view.scenarios);
  view.status = stopped
    ? 'stopped'
    : view.scenarios.some((s) => s.state === 'failed')
      ? 'failed'
      : 'passed';
  const c = view.counts;
  journal.append({
    kind: 'system',
    summary: `Run ${view.name}: ${view.status} in ${durationWords(view.durationMs)}`,
    profileId: profile.id,
    system: {
      level: view.status === 'passed' ? 'info' : 'warn',
      message: `Run ${view.name} against "${profile.name}": ${view.status} in ${durationWords(view.durationMs)}; ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped of ${c.total} steps in ${view.scenarios.length} scenario(s).`,
    },
  });
}
