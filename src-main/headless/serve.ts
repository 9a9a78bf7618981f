// `npm run serve -- [--port N] [--data-dir DIR] [--redirect-port N] [--inbound-port N]
// [--sandbox-port N] [--json] [--open]`: TP Inspector without an
// Electron window, in any browser on this machine. Built to out/main/serve.js.
import { errorText } from '../../src-shared/contract/errors';
import { join, resolve } from 'node:path';
import { parseServeArgs } from './cli-args';
import { startHeadlessHost } from './index';
import { openInBrowser } from './open-url';
import { PLAIN_SECRETS_FILE } from '../core/index';
import { resolveDataDir } from './settings';

async function main(): Promise<void> {
  let args;
  try {
    args = parseServeArgs(process.argv.slice(2));
  } catch (err) {
    console.error(errorText(err));
    process.exit(2);
  }

  const host = await startHeadlessHost({
    dataDir: resolveDataDir(args.dataDir),
    // The default folder only: one named with --data-dir is used as it is.
    carryOverOlderData: args.dataDir === undefined,
    // This entry is always out/main/serve.js, whatever chunks the bundler splits the rest into.
    rendererDir: resolve(import.meta.dirname, '../renderer'),
    ...(args.port !== undefined ? { port: args.port } : {}),
    ...(args.redirectPort !== undefined ? { redirectPort: args.redirectPort } : {}),
    ...(args.inboundPort !== undefined ? { inboundPort: args.inboundPort } : {}),
    ...(args.sandboxPort !== undefined ? { sandboxPort: args.sandboxPort } : {}),
  });

  if (host.carriedOver) console.error(host.carriedOver);

  // Before the ready line: whoever waits for it may stop the host as soon as it is out.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl+C means "now".
      process.exit(130);
    }
    stopping = true;
    host.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Stopping after ${signal} did not finish cleanly: ${String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  if (args.json) {
    // The first stdout line is the machine-readable ready line: scripts and tests wait for it.
    console.log(
      JSON.stringify({
        url: host.url,
        sandbox: host.sandboxUrl,
        inbound: host.inboundUrl,
        dataDir: host.dataDir,
        port: host.port,
      }),
    );
  } else {
    console.log(
      [
        'TP Inspector is running (headless).',
        `  Open this link in a browser on this machine: ${host.url}`,
        `  Embedded sandbox platform: ${host.sandboxUrl}${host.sandboxPortTaken ? ` (port ${host.sandboxPortTaken} was taken: a copied sandbox profile with the old address needs this one)` : ''}`,
        `  Deliveries are received at: ${host.inboundUrl ?? '(no receiver)'}`,
        `  Data folder: ${host.dataDir}`,
        host.secretStorage === 'plain-file'
          ? `  Secrets are kept unencrypted in ${join(host.dataDir, PLAIN_SECRETS_FILE)}, readable only by you (you chose it; no OS keyring here).`
          : host.secretStorage === 'sealed'
            ? '  Secrets are sealed with the OS keyring.'
            : '  Secrets are kept in memory for this run only (no OS keyring here).',
        'Press Ctrl+C to stop.',
      ].join('\n'),
    );
  }

  if (args.open) {
    const opened = await openInBrowser(host.url).catch(() => false);
    if (!opened) console.error('No system browser opener was found; open the link above yourself.');
  }
}

main().catch((err: unknown) => {
  console.error(`TP Inspector could not start: ${errorText(err)}`);
  process.exit(1);
});
