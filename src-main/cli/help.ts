// `tp --help` and `tp <command> --help`: what each command does, with an example.
export type TopicName = 'run' | 'check' | 'load' | 'mcp' | 'export' | 'openapi';

const RUN_USAGE = `Usage: npm run -s tp -- run <file or folder> [options]

Runs a collection's scenarios (a scenario file, a sub-folder, or the whole collection: the nearest
folder above holding collection.yaml). By default against a fresh embedded sandbox started for the
run, in a temporary folder removed at the end: nothing of the app's own data is touched.

Options:
  --profile NAME      run against a saved profile of the app instead (its data folder; with
                      --yes when it is not the sandbox: the run may change that platform's state)
  --var name=value    a run variable (repeatable); TP_VAR_name=value in the environment too
  --reporter KIND     pretty (default), json (each step with its requests and deliveries) or
                      junit (the XML CI systems read)
  --out FILE          write the report to FILE instead of stdout
  --data FILE         run each scenario once per row of FILE (.csv with a header line, or a
                      .json array of objects), the row's columns as run variables; FILE is in
                      the collection's folder (default: collection.yaml's data, if any)
  --bail              stop at the first failed step (steps marked always still run)
  --data-dir DIR      where the saved profiles are (with --profile; default: the app's own)
  --yes               confirm a run against a profile that is not the sandbox, forward
                      targets off this machine that the collection declares (inbound.forward),
                      and check-endpoint steps whose URL is off this machine
  --timeout TIME      stop the run once it has taken TIME (30s, 10m...) and exit 1 with its report
  --update-snapshots  snapshot checks store what they see in __snapshots__/ instead of comparing
Environment: TP_CLIENT_SECRET (the profile's client secret; without --profile, the sandbox app's),
TP_VAR_* (run variables), NO_COLOR.
Exit: 0 every step passed, 1 a step failed or the run passed its --timeout, 2 bad input, 130
stopped with Ctrl+C.

Examples:
  npm run -s tp -- run examples
  npm run -s tp -- run examples/user-message-types.yaml --var text=hello --reporter junit --out junit.xml
  npm run -s tp -- run examples/user-message-types.yaml --data examples/message-types.csv
  TP_CLIENT_SECRET=… npm run -s tp -- run checks --profile Staging --yes`;

const CHECK_USAGE = `Usage: npm run -s tp -- check <url> [options]

Checks your own webhook handler against the platform's delivery contract: sends it every delivery
the platform sends (signed), forgeries it must refuse, the same delivery twice, a burst, and judges
each answer (docs/endpoint-check.md). Sends only to <url>, and follows no redirect.

Options:
  --profile NAME          sign with this saved profile's client secret (default: a fresh embedded
                          sandbox's app, whose secret TP_CLIENT_SECRET sets: give your handler the same)
  --signature-method M    the app's method: HMAC-SHA256 (default), HMAC-SHA1 or RSA-SHA256
  --signing-key FILE      RSA-SHA256: the private key (PEM) the sandbox signs with; your handler
                          verifies with its public half (docs/endpoint-check.md)
  --only id,...           only these checks (a family by its prefix: refuses.)
  --skip id,...           not these checks
  --burst N               deliveries sent at once by the burst check (default 50)
  --reporter KIND         pretty (default), json or junit
  --out FILE              write the report to FILE instead of stdout
  --data-dir DIR          where the saved profiles are (with --profile)
  --yes                   confirm a URL that is not on this machine
Environment: TP_CLIENT_SECRET (the secret deliveries are signed with), NO_COLOR.
Exit: 0 every check passed (a warning is a pass), 1 a check failed, 2 bad input or the URL
unreachable, 130 stopped with Ctrl+C.

Examples:
  TP_CLIENT_SECRET=s3cret npm run -s tp -- check http://127.0.0.1:3000/hook
  npm run -s tp -- check http://127.0.0.1:3000/hook --only refuses. --reporter junit --out check.xml`;

const MCP_USAGE = `Usage: npm run -s tp -- mcp [options]

A Model Context Protocol server on stdin and stdout, for a coding agent (docs/agents.md): tools to
query the journal, explain and replay deliveries, send catalog requests, run collections and the
endpoint check, and act as sandbox users. By default over a fresh embedded sandbox in a temporary
folder removed at the end. Stdout carries the protocol only; messages go to stderr.

Options:
  --data-dir DIR     serve this data folder (its journal, profiles and sandbox); refused while the
                     app or another tp holds it
  --profile NAME     act as this saved profile (in the app's data folder, or --data-dir's)
  --allow-writes     let tools change a platform other than the embedded sandbox and send off this
                     machine (replays, requests, runs, the endpoint check); refused without it
Environment: TP_CLIENT_SECRET (the fresh sandbox app's secret, for your handler to verify with).

Example:
  TP_CLIENT_SECRET=s3cret npm run -s tp -- mcp`;

const EXPORT_USAGE = `Usage: npm run -s tp -- export <folder> [--format postman] [--out FILE]
       npm run -s tp -- export <folder> --format artillery|k6 [--handler-url URL] [--target URL]
                                        [--rate R] [--duration D] [--out FOLDER|FILE]

Writes the collection as a Postman collection v2.1 (to stdout without --out); what Postman cannot
run (delivery steps, some checks) is listed on stderr.

--format artillery (a folder: --out) or k6 (one script) writes a load script: the collection's
request steps against --target (the platform's base URL), and signed deliveries to --handler-url,
R arrivals a second (default 10) for D (default 60s). The scripts read secrets from the
environment only (TP_CLIENT_SECRET, TP_VAR_<name>); what they cannot play is listed on stderr
(docs/load.md, "Past one machine").

Examples:
  npm run -s tp -- export examples --format postman --out examples.postman.json
  npm run -s tp -- export examples --format artillery --handler-url http://127.0.0.1:3000/hook \\
    --rate 50 --duration 30s --out load-script`;

const LOAD_USAGE = `Usage: npm run -s tp -- load <url> --rate R --duration D [options]

Sends your webhook handler signed deliveries at a steady rate (R a second, for D: 30s, 2m), as
the platform would, whatever it answers; prints its progress on stderr once a second, then the
rate held, answer times (p50, p95, p99, max), errors by class and a histogram (docs/load.md).

Options:
  --mix kind=weight,...   the kinds of delivery and their relative weights (default text);
                          kinds: text, text-long, sticker, location, contact, picture, movie,
                          sound, voice, file, room-message, group-invite, group-join,
                          group-leave, group-update, group-remove
  --max-errors PCT        the error rate over which the run fails (default 1)
  --profile NAME          sign with a saved profile's client secret (default: a fresh sandbox's)
  --data-dir DIR          where the saved profiles are (with --profile)
  --signature-method M    HMAC-SHA256 (default), HMAC-SHA1 or RSA-SHA256 (sandbox only)
  --reporter KIND         pretty (default), json, or html (a self-contained page: figures,
                          errors, the histogram drawn as bars)
  --out FILE              write the summary to FILE instead of stdout
  --yes                   confirm a URL that is not this machine
Environment: TP_CLIENT_SECRET (the secret your handler verifies with), NO_COLOR.
Exit: 0 the error rate within --max-errors, 1 over it, 2 bad input or the URL unreachable, 130
stopped with Ctrl+C (the summary of what was sent is written all the same).

Examples:
  TP_CLIENT_SECRET=s3cret npm run -s tp -- load http://127.0.0.1:3000/hook --rate 200 --duration 30s
  npm run -s tp -- load http://127.0.0.1:3000/hook --rate 500 --duration 1m --mix text=60,picture=20,group-join=20 --reporter json
  npm run -s tp -- load http://127.0.0.1:3000/hook --rate 200 --duration 30s --reporter html --out load.html`;

const OPENAPI_USAGE = `Usage: npm run -s tp -- openapi [--out FILE]

Writes the platform API as an OpenAPI 3.1 document made from the endpoint catalog (to stdout
without --out).

Example:
  npm run -s tp -- openapi --out platform.openapi.json`;

const GENERAL_USAGE = `Usage: npm run -s tp -- <command> [options]   (-s keeps npm's banner off stdout)

Commands:
  run <file or folder>   run scenarios; exit 0 passed, 1 failed, 2 bad input
  check <url>            check your webhook handler against the delivery contract
  load <url>             send your webhook handler signed deliveries at a steady rate
  mcp                    a Model Context Protocol server on stdio, for coding agents
  export <folder>        the collection as a Postman collection, or an Artillery or k6 script
  openapi                the platform API as an OpenAPI 3.1 document

tp <command> --help shows a command's options.

Examples:
  npm run -s tp -- run examples --reporter junit --out junit.xml
  npm run -s tp -- check http://127.0.0.1:3000/hook
  npm run -s tp -- export examples --format postman --out examples.postman.json
  npm run -s tp -- openapi --out platform.openapi.json`;

export const SHORT_GENERAL_USAGE =
  'Usage: npm run -s tp -- run|check|load|export|openapi ... (npm run -s tp -- --help shows more)';

const USAGES: Record<TopicName, string> = {
  run: RUN_USAGE,
  check: CHECK_USAGE,
  load: LOAD_USAGE,
  mcp: MCP_USAGE,
  export: EXPORT_USAGE,
  openapi: OPENAPI_USAGE,
};

/** The usage line and where the rest is: what a refusal prints after its reason. */
export const commandUsage = (topic: TopicName): string =>
  `${USAGES[topic].split('\n')[0] ?? ''}\n(npm run -s tp -- ${topic} --help shows every option)`;

export const helpText = (topic: TopicName | undefined): string =>
  topic ? USAGES[topic] : GENERAL_USAGE;
