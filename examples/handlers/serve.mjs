// What every sample handler shares, none of it the point of a sample: the --port option, reading
// the body, form decoding, and the line that says where it listens. Plain Node, no dependency.
import { createServer } from 'node:http';

/** `--port N` (0, the default: a free one). */
function portOption(argv = process.argv.slice(2)) {
  const at = argv.indexOf('--port');
  const port = at === -1 ? 0 : Number(argv[at + 1]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('--port takes a port number: node examples/handlers/correct.mjs --port 3000');
    process.exit(2);
  }
  return port;
}

/** The app's client secret, from the environment (never from the code). */
export function clientSecret() {
  const secret = process.env.CLIENT_SECRET;
  if (!secret) {
    console.error('Set CLIENT_SECRET to the app’s client secret: CLIENT_SECRET=… node correct.mjs');
    process.exit(2);
  }
  return secret;
}

const MAX_BODY = 1024 * 1024;

/**
 * @typedef {(
 *   form: URLSearchParams,
 *   req: import('node:http').IncomingMessage,
 *   res: import('node:http').ServerResponse,
 * ) => unknown} Handle
 */

/**
 * Serves `handle(form, req, res)` for POST requests: `form` is the decoded body (a URLSearchParams);
 * the handler answers through `res`. A thrown error is a 500, as most frameworks answer.
 */
/**
 * @param {string} name
 * @param {Handle} handle
 */
export function serve(name, handle) {
  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    /** @param {unknown} err */
    const crashed = (err) => {
      // An example stands alone (it is copied out of the repository): no errorText import here.
      // eslint-disable-next-line no-restricted-syntax
      console.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(500).end('internal error');
    };
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      // A handler may be async (slow.mjs): its failure is a 500 all the same.
      Promise.resolve()
        .then(() => handle(form, req, res))
        .catch(crashed);
    });
  });
  server.listen(portOption(), '127.0.0.1', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    console.log(`${name} listening on http://127.0.0.1:${port}/`);
  });
  return server;
}
