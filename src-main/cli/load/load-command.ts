// `tp load <url>`: starts the engine as tp check does (a fresh embedded sandbox whose app signs,
// its secret from TP_CLIENT_SECRET when set; or a saved profile with --profile), runs load.run
// with its progress on stderr once a second, and writes the summary. Exit 0 within --max-errors,
// 1 over it, 2 bad input or the URL unreachable, 130 stopped with Ctrl+C (the summary of what was
// sent is written all the same; a second Ctrl+C ends at once).
import { CommandError } from '../../../src-shared/contract';
import { resolveDataDir } from '../../headless/settings';
import { startCliEngine } from '../engine';
import { checkOutFile, deliver, type Io } from '../io';
import { chooseProfile, CLIENT_SECRET_ENV } from '../profile';
import { EXIT, type OnInterrupt } from '../run-command';
import type { LoadArgs } from './load-args';
import { progressLine, renderLoadSummary, verdictWords } from './load-report';

export async function loadCommand(
  args: LoadArgs,
  io: Io,
  onInterrupt: OnInterrupt,
): Promise<number> {
  await checkOutFile(args.out, io.cwd);
  // Ctrl+C stops the sending (load.stop) once the run is going; before, nothing is sent at all.
  let stopRequested = false;
  let stopRun = () => {};
  const stopListening = onInterrupt(() => {
    stopRequested = true;
    stopRun();
  });
  const secret = io.env[CLIENT_SECRET_ENV] || undefined;
  const engine = await startCliEngine(
    args.profile !== undefined
      ? { dataDir: resolveDataDir(args.dataDir) }
      : { ...(secret ? { sandboxClientSecret: secret } : {}) },
  ).catch((err: unknown) => {
    stopListening();
    throw err;
  });
  const stopProgress = engine.core.events.on('load.progress', (p) => io.err(progressLine(p)));
  try {
    const profile =
      args.profile !== undefined
        ? await chooseProfile(engine.core, args.profile, {
            // Nothing changes on the platform: the load goes only to the handler's URL.
            yes: true,
            command: 'load',
            env: io.env,
            dataDir: engine.dataDir,
          })
        : undefined;
    if (!profile && !secret) {
      io.err(
        `No ${CLIENT_SECRET_ENV} is set: the deliveries are signed with a fresh random secret that your handler cannot know, so a handler that verifies signatures refuses them all. Set ${CLIENT_SECRET_ENV} to the secret your handler verifies with.`,
      );
    }
    if (stopRequested) {
      io.err('Stopped (Ctrl+C) before the first delivery: nothing was sent.');
      return EXIT.interrupted;
    }
    io.err(
      `Sending ${args.url} ${args.rate} deliveries a second for ${args.durationMs / 1000} s, signed as ${profile ? `profile "${profile.name}"` : "the embedded sandbox's app"} signs them…`,
    );
    const running = engine.core
      .invoke('load.run', {
        url: args.url,
        rate: args.rate,
        durationMs: args.durationMs,
        maxErrorsPct: args.maxErrorsPct,
        // Off this machine only with --yes, which load-args.ts already asked for.
        confirmRemote: args.yes,
        ...(args.mix ? { mix: args.mix } : {}),
        ...(profile ? { profileId: profile.id } : {}),
        ...(args.signatureMethod ? { signatureMethod: args.signatureMethod } : {}),
      })
      .catch((err: unknown) => {
        if (err instanceof CommandError && err.code !== 'internal') {
          io.err(err.message);
          return null;
        }
        throw err;
      });
    stopRun = () => {
      io.err('Stopping (Ctrl+C): waiting for the answers of the deliveries sent…');
      void engine.core.invoke('load.stop', { url: args.url }).catch(() => undefined);
    };
    const summary = await running;
    if (!summary) return stopRequested ? EXIT.interrupted : EXIT.badInput;
    await deliver(renderLoadSummary(args.reporter, summary), args.out, io);
    if (summary.certificateWarning) io.err(summary.certificateWarning);
    io.err(`${verdictWords(summary)}${args.out ? ` The summary is in ${args.out}.` : ''}`);
    if (stopRequested) return EXIT.interrupted;
    return summary.passed ? EXIT.passed : EXIT.failed;
  } finally {
    stopProgress();
    stopListening();
    await engine.close();
  }
}
