// `npm run tp -- <command>`: collections from the command line, without a window (run, export,
// openapi). Built to out/main/tp.js. Reports go to stdout (or --out), everything else to stderr.
import { tp } from './commands';
import { processIo } from './io';
import { EXIT, processInterrupt } from './run-command';

const io = processIo();
tp(process.argv.slice(2), io, processInterrupt).then(
  (code) => process.exit(code),
  (err: unknown) => {
    io.err(`tp could not finish: ${String(err)}`);
    process.exit(EXIT.failed);
  },
);
