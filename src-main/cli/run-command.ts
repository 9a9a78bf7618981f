// `tp run`: checks the files, starts the engine (a fresh embedded sandbox, or the app's data with
// --profile), runs the scenarios through the runner's commands with progress on stderr, and
// writes the report. Ctrl+C stops the run cleanly (runner.stop) and exits 130.
import { join, relative, resolve, sep } from 'node:path';
import { CommandError, JournalRecord, type RunView } from '../../src-shared/contract';
import { durationWords, isInside, runToEnd, unusedColumnsWarning } from '../core/index';
import { resolveDataDir } from '../headless/settings';
import { UsageError, type RunArgs } from './args';
import { startCliEngine } from './engine';
import { checkOutFile, deliver, type Io } from './io';
import { problemLine, preflight } from './preflight';
import { chooseProfile, CLIENT_SECRET_ENV, type ChosenProfile } from './profile';
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
  timedOut: boolean;
}

/**
 * How long a stopped run may take to end (a step in flight, the engine closing) before the command
 * ends without it: a run asked to stop, by Ctrl+C, SIGTERM or --timeout, never outlives it by more.
 */
const STOP_GRACE_MS = 5_000;

/** `promise`, or `fallback` once `ms` have passed without it. */
function within<T>(promise: Promise<T>, ms: number, fallback: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function exitCodeOf({ view, interrupted, timedOut }: RunOutcome): number {
  if (timedOut) return EXIT.failed;
  if (interrupted) return EXIT.interrupted;
  // The runner's own checks (an unknown endpoint or parameter) are bad input too.
  if (view.scenarios.some((s) => s.problems.length > 0)) return EXIT.badInput;
  return view.status === 'passed' ? EXIT.passed : EXIT.failed;
}

export async function runCommand(args: RunArgs, io: Io, onInterrupt: OnInterrupt): Promise<number> {
  const target = await preflight(args.target, io.cwd, { yes: args.yes });
  const data =
    args.data === undefined ? undefined : dataInCollection(args.data, target.folder, io.cwd);
  await checkOutFile(args.out, io.cwd);
  // Without --profile, TP_CLIENT_SECRET is the fresh sandbox app's secret, as for tp check: a
  // check-endpoint step's deliveries are then signed with the secret the handler verifies with.
  const sandboxSecret = io.env[CLIENT_SECRET_ENV] || undefined;
  const engine = await startCliEngine(
    args.profile !== undefined
      ? { dataDir: resolveDataDir(args.dataDir) }
      : sandboxSecret
        ? { sandboxClientSecret: sandboxSecret }
        : {},
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
    // --timeout stops the run as Ctrl+C does; the report says what ran until then.
    let timedOut = false;
    const deadline =
      args.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            io.err(
              `The run has taken its --timeout of ${durationWords(args.timeoutMs!)}: stopping it.`,
            );
            interrupt.abort();
          }, args.timeoutMs);
    let latest: RunView | undefined;
    let view: RunView;
    try {
      const ended = runToEnd(
        engine.core.invoke,
        engine.core.events,
        {
          folder: target.folder,
          ...(target.paths ? { paths: target.paths } : {}),
          ...(profile ? { profileId: profile.id } : {}),
          variables: args.variables,
          ...(data !== undefined ? { data } : {}),
          bail: args.bail,
          confirmed: args.yes,
          updateSnapshots: args.updateSnapshots,
        },
        {
          onChange: (changed) => {
            // A data file's columns no scenario uses (a typo?): said once, as the run starts.
            const unused = latest ? null : unusedColumnsWarning(changed.data);
            if (unused) io.err(`Warning: ${unused}`);
            latest = changed;
            progress.update(changed);
          },
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
      view = await Promise.race([
        ended.catch((err: unknown) => badInputIsUsage(err, target.folder, io.cwd)),
        // Once asked to stop, the run gets STOP_GRACE_MS to end; then its last view is the report.
        new Promise<RunView>((resolve, reject) =>
          interrupt.signal.addEventListener('abort', () => {
            setTimeout(() => {
              if (!latest) return reject(new Error('the run did not start before it was stopped'));
              io.err(
                `The run did not end within ${durationWords(STOP_GRACE_MS)} of being stopped: the report is of its state then.`,
              );
              resolve({ ...latest, status: 'stopped' });
            }, STOP_GRACE_MS).unref();
          }),
        ),
      ]);
    } finally {
      clearTimeout(deadline);
      stopListening();
    }
    const outcome: RunOutcome = { view, interrupted: interrupt.signal.aborted, timedOut };
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
    // A step still in flight may hold the engine's close: the command ends all the same.
    await within(engine.close(), STOP_GRACE_MS, () => undefined);
  }
}

/**
 * --data, given from the working folder, as the run names it: from the collection's folder, which
 * it must be inside (the engine checks links; this says it in the command line's terms).
 */
function dataInCollection(given: string, folder: string, cwd: string): string {
  const full = resolve(cwd, given);
  if (!isInside(folder, full))
    throw new UsageError(
      `--data ${given} is outside the collection's folder ${relative(cwd, folder) || '.'}: a run reads its data file from inside the collection, as it reads its scenarios (docs/security.md). Move or copy the file into the folder.`,
    );
  return relative(folder, full).split(sep).join('/');
}

/**
 * The runner refuses to start on bad input (a data file, a step that is not there): exit 2, a data
 * file's place (`rows.csv:3:7:`, from the collection's folder) as seen from the working folder.
 */
function badInputIsUsage(err: unknown, folder: string, cwd: string): never {
  if (!(err instanceof CommandError) || err.code !== 'invalid_input') throw err;
  throw new UsageError(
    err.message.replace(
      /^([^\n:]+\.(?:csv|json))(?=:\d+:\d+:)/gim,
      (file: string) => relative(cwd, join(folder, file)) || file,
    ),
  );
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
