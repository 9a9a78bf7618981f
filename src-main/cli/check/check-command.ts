// `tp check <url>`: starts the engine (a fresh embedded sandbox whose app signs, its secret from
// TP_CLIENT_SECRET when set; or a saved profile with --profile), runs endpointCheck.run and writes
// the report. Exit 0 every check passed (a warning is a pass), 1 a check failed, 2 bad input or
// the URL unreachable.
import { CommandError } from '../../../src-shared/contract';
import { resolveDataDir } from '../../headless/settings';
import { startCliEngine } from '../engine';
import { checkOutFile, deliver, type Io } from '../io';
import { chooseProfile, CLIENT_SECRET_ENV } from '../profile';
import { EXIT, type OnInterrupt } from '../run-command';
import type { CheckArgs } from './check-args';
import { renderCheckReport, tallyWords } from './check-report';
import { readSigningKey, requireSigningKey } from './signing-key';

export async function checkCommand(
  args: CheckArgs,
  io: Io,
  onInterrupt: OnInterrupt,
): Promise<number> {
  await checkOutFile(args.out, io.cwd);
  // Without a profile the fresh sandbox signs: RSA-SHA256 needs a key the handler already holds.
  if (args.profile === undefined) requireSigningKey(args.signatureMethod, args);
  const signingKeyPem = args.signingKey ? await readSigningKey(args.signingKey, io.cwd) : undefined;
  // Ctrl+C ends the command without a report (the deliveries sent so far are in the journal of
  // this run, which goes with its temporary folder); the engine is closed all the same. Listened
  // for from the start: a signal before it would end the process with nothing cleaned up.
  let stopListening = () => {};
  const interrupted = new Promise<'interrupted'>((resolve) => {
    stopListening = onInterrupt(() => resolve('interrupted'));
  });
  const secret = io.env[CLIENT_SECRET_ENV] || undefined;
  const engine = await startCliEngine({
    ...(args.profile !== undefined
      ? { dataDir: resolveDataDir(args.dataDir) }
      : { ...(secret ? { sandboxClientSecret: secret } : {}) }),
    ...(signingKeyPem ? { sandboxSigningKeyPem: signingKeyPem } : {}),
  }).catch((err: unknown) => {
    stopListening();
    throw err;
  });
  try {
    const profile =
      args.profile !== undefined
        ? await chooseProfile(engine.core, args.profile, {
            // The check changes nothing on the platform: it sends only to the handler's URL.
            yes: true,
            command: 'check',
            env: io.env,
            dataDir: engine.dataDir,
          })
        : undefined;
    if (!profile && !secret) {
      io.err(
        `No ${CLIENT_SECRET_ENV} is set: the deliveries are signed with a fresh random secret that your handler cannot know, so only the forgery checks can pass. Set ${CLIENT_SECRET_ENV} to the secret your handler verifies with.`,
      );
    }
    io.err(
      `Checking ${args.url} with deliveries signed as ${profile ? `profile "${profile.name}"` : "the embedded sandbox's app"} signs them…`,
    );
    const running = engine.core
      .invoke('endpointCheck.run', {
        url: args.url,
        burst: args.burst,
        // Off this machine only with --yes, which check-args.ts already asked for.
        confirmRemote: args.yes,
        ...(profile ? { profileId: profile.id } : {}),
        ...(args.signatureMethod ? { signatureMethod: args.signatureMethod } : {}),
        ...(args.only ? { only: args.only } : {}),
        ...(args.skip ? { skip: args.skip } : {}),
      })
      .catch((err: unknown) => {
        // Unreachable, or input the engine refused: said in words, exit 2.
        if (err instanceof CommandError && err.code !== 'internal') {
          io.err(err.message);
          return null;
        }
        throw err;
      });
    // Once stopped, the check may still end (in failure, as the engine closes): nobody waits for it.
    running.catch(() => undefined);
    const report = await Promise.race([running, interrupted]);
    if (report === 'interrupted') {
      io.err('Stopped (Ctrl+C): no report.');
      return EXIT.interrupted;
    }
    if (!report) return EXIT.badInput;
    await deliver(renderCheckReport(args.reporter, report), args.out, io);
    io.err(
      `${report.passed ? 'Passed' : 'Failed'}: ${tallyWords(report.checks)}${args.out ? `; the ${args.reporter} report is in ${args.out}` : ''}.`,
    );
    return report.passed ? EXIT.passed : EXIT.failed;
  } finally {
    stopListening();
    await engine.close();
  }
}
