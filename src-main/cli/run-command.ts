// `tp run`: checks the files, starts the engine (a fresh embedded sandbox, or the app's data with
// --profile), runs the scenarios through the runner's commands with progress on stderr, and
// writes the report. Ctrl+C stops the run cleanly (runner.stop) and exits 130.
import { JournalRecord, type RunView } from '../../src-shared/contract';
import { runToEnd } from '../core/runner/run-to-end';
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
    // Ctrl+C stops the run through the runner, so the report still says what ran.
    const interrupt = new AbortController();
    const stopListening = onInterrupt(() => {
      if (interrupt.signal.aborted) return;
      io.err('Stopping the run (Ctrl+C again to quit at once)…');
      interrupt.abort();
    });
    let view: RunView;
    try {
      view = await runToEnd(
        engine.core.invoke,
        engine.core.events,
        {
          folder: target.folder,
          ...(target.paths ? { paths: target.paths } : {}),
          ...(profile ? { profileId: profile.id } : {}),
          variables: args.variables,
          bail: args.bail,
          confirmed: args.yes,
        },
        {
          onChange: (changed) => progress.update(changed),
          answer: (asking) => {
            io.err(`The run asks: ${asking.question ?? ''}`);
            io.err(
              args.yes
                ? 'Answering yes (--yes).'
                : 'The command line cannot answer it without --yes: the run stops here.',
            );
            return args.yes;
          },
          signal: interrupt.signal,
          report: io.err,
        },
      );
    } finally {
      stopListening();
    }
    const outcome: RunOutcome = { view, interrupted: interrupt.signal.aborted };
    for (const scenario of view.scenarios) {
      for (const p of scenario.problems) io.err(problemLine(target.folder, p, io.cwd));
    }
    // The run's session ended with the run (the one open before is open again): its records are
    // read from the run's own session, not from the open one.
    const runRecords = recordsBySeq(
      (await engine.core.invoke('sessions.export', { sessionId: view.sessionId, format: 'ndjson' }))
        .content,
    );
    const report = await renderReport(args.reporter, view, {
      getRecord: (seq) => Promise.resolve(runRecords.get(seq) ?? null),
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

/** A session's NDJSON by seq; a line the schema refuses (a torn last line) is left out. */
function recordsBySeq(ndjson: string): Map<number, JournalRecord> {
  const records = new Map<number, JournalRecord>();
  for (const line of ndjson.split('\n')) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    const record = JournalRecord.safeParse(parsed);
    if (record.success) records.set(record.data.seq, record.data);
  }
  return records;
}
