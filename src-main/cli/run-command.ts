// `tp run`: checks the files, starts the engine (a fresh embedded sandbox, or the app's data with
// --profile), runs the scenarios through the runner's commands with progress on stderr, and
// writes the report. Ctrl+C stops the run cleanly (runner.stop) and exits 130.
import type { Core } from '../core/core';
import type { RunRequest, RunView } from '../../src-shared/contract';
import { resolveDataDir } from '../headless/settings';
import type { RunArgs } from './args';
import { startCliEngine } from './engine';
import { checkOutFile, deliver, type Io } from './io';
import { problemLine, preflight } from './preflight';
import { chooseProfile, type ChosenProfile } from './profile';
import { createProgress, useColor } from './progress';
import { renderReport } from './reporters/index';
import { sayTally, scenarioTally } from './reporters/words';

export const EXIT = { passed: 0, failed: 1, badInput: 2, interrupted: 130 } as const;

const FINAL: ReadonlySet<RunView['status']> = new Set(['passed', 'failed', 'stopped']);
/** As the runner says it (core/runner): a final status, and the run's time known. */
const hasEnded = (view: RunView) => FINAL.has(view.status) && view.durationMs !== null;

/** How a run is asked to stop from outside (Ctrl+C); answers a function that stops listening. */
export type OnInterrupt = (stop: () => void) => () => void;

export const processInterrupt: OnInterrupt = (stop) => {
  let count = 0;
  const handler = () => {
    count += 1;
    // A second Ctrl+C means "now", as in the headless host.
    if (count > 1) process.exit(EXIT.interrupted);
    stop();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
};

interface RunOutcome {
  view: RunView;
  interrupted: boolean;
}

/** Starts the run and resolves with its last view, however it ended. */
function runToEnd(
  core: Core,
  request: RunRequest,
  onView: (view: RunView) => void,
  answer: (view: RunView) => boolean,
  onInterrupt: OnInterrupt,
  io: Io,
): Promise<RunOutcome> {
  return new Promise<RunOutcome>((resolve, reject) => {
    let runId: string | undefined;
    let interrupted = false;
    let settled = false;
    const early: RunView[] = [];
    const asked = new Set<string>();

    const stopRun = () => {
      if (runId === undefined) return;
      core.invoke('runner.stop', { runId }).then(seen, (err: unknown) => {
        io.err(`The run could not be stopped cleanly: ${String(err)}`);
      });
    };
    const seen = (view: RunView) => {
      if (settled || view.runId !== runId) return;
      onView(view);
      if (hasEnded(view)) {
        settled = true;
        off();
        stopListening();
        resolve({ view, interrupted });
      } else if (view.status === 'awaiting-confirmation' && view.question) {
        const key = `${view.question}@${JSON.stringify(view.counts)}`;
        if (asked.has(key)) return;
        asked.add(key);
        const proceed = answer(view);
        core.invoke('runner.confirm', { runId: view.runId, proceed }).then(seen, (err: unknown) => {
          io.err(`The run's question could not be answered: ${String(err)}`);
        });
      }
    };
    const off = core.events.on('runner.changed', (view) => {
      if (runId === undefined) early.push(view);
      else seen(view);
    });
    const stopListening = onInterrupt(() => {
      if (interrupted) return;
      interrupted = true;
      io.err('Stopping the run (Ctrl+C again to quit at once)…');
      stopRun();
    });

    core.invoke('runner.start', request).then(
      (first) => {
        runId = first.runId;
        for (const view of early.splice(0)) seen(view);
        seen(first);
        if (interrupted && !settled) stopRun();
      },
      (err: unknown) => {
        off();
        stopListening();
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

function exitCodeOf({ view, interrupted }: RunOutcome): number {
  if (interrupted) return EXIT.interrupted;
  // The runner's own checks (an unknown endpoint or parameter) are bad input too.
  if (view.scenarios.some((s) => s.problems.length > 0)) return EXIT.badInput;
  return view.status === 'passed' ? EXIT.passed : EXIT.failed;
}

export async function runCommand(args: RunArgs, io: Io, onInterrupt: OnInterrupt): Promise<number> {
  const target = await preflight(args.target, io.cwd);
  await checkOutFile(args.out, io.cwd);
  const engine = await startCliEngine(
    args.profile !== undefined ? { dataDir: resolveDataDir(args.dataDir) } : {},
  );
  try {
    let profile: ChosenProfile | undefined;
    if (args.profile !== undefined) {
      profile = await chooseProfile(engine.core, args.profile, {
        yes: args.yes,
        env: io.env,
        dataDir: engine.dataDir,
      });
    }
    io.err(
      profile && !profile.sandbox
        ? `Running ${args.target} against profile "${profile.name}" (data folder ${engine.dataDir}).`
        : `Running ${args.target} against the embedded sandbox at ${engine.sandboxUrl}.`,
    );
    const progress = createProgress(io.err, useColor({ isTTY: io.errIsTTY }, io.env));
    const outcome = await runToEnd(
      engine.core,
      {
        folder: target.folder,
        ...(target.paths ? { paths: target.paths } : {}),
        ...(profile ? { profileId: profile.id } : {}),
        variables: args.variables,
        bail: args.bail,
        confirmed: args.yes,
      },
      (view) => progress.update(view),
      (view) => {
        io.err(`The run asks: ${view.question ?? ''}`);
        io.err(
          args.yes
            ? 'Answering yes (--yes).'
            : 'The command line cannot answer it without --yes: the run stops here.',
        );
        return args.yes;
      },
      onInterrupt,
      io,
    );
    const { view } = outcome;
    for (const scenario of view.scenarios) {
      for (const p of scenario.problems) io.err(problemLine(target.folder, p, io.cwd));
    }
    const report = await renderReport(args.reporter, view, {
      getRecord: (seq) => engine.core.invoke('log.get', { seq }).then((r) => r.record),
      ...(profile ? { profileName: profile.name } : {}),
    });
    await deliver(report, args.out, io);
    io.err(
      `${view.status === 'passed' ? 'Passed' : view.status === 'stopped' ? 'Stopped' : 'Failed'}: ${sayTally(scenarioTally(view.scenarios))} of ${view.scenarios.length} scenarios${args.out ? `; the ${args.reporter} report is in ${args.out}` : ''}.`,
    );
    return exitCodeOf(outcome);
  } finally {
    await engine.close();
  }
}
