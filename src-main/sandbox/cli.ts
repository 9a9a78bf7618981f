// `npm run sandbox -- [--port N] [--config FILE] [--state FILE] [--json]`: the sandbox platform on
// its own. With --json the first stdout line is {baseUrl, platform_domain, apps}.
import { CliError, runCli } from './cli-run';

try {
  const sandbox = await runCli(process.argv.slice(2), (line) => console.log(line));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(`Could not save the state: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  console.error(err instanceof CliError ? err.message : err);
  process.exit(2);
}
