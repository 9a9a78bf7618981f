// The reference of `npm run bench:inbound`: the least a Node receiver does that verifies and journals
// a delivery before it answers. It reads the raw body, parses the form, checks HMAC-SHA256 over
// `data` with timingSafeEqual, appends one JSON line holding the raw body, the lines of one turn of
// the event loop in one write (group commit), and answers only once that write has returned.
// Usage: node bench/reference-receiver.mjs <secret> <journal file>. Prints {"port": n}.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';

const [secret = '', file = 'reference.ndjson'] = process.argv.slice(2);
const fd = openSync(file, 'a', 0o600);
/** @type {string[]} */
let lines = [];
/** @type {(() => void)[]} */
let answers = [];
const commit = () => {
  const [group, waiting] = [lines, answers];
  [lines, answers] = [[], []];
  writeSync(fd, group.join('\n') + '\n');
  for (const send of waiting) send();
};

const server = createServer((req, res) => {
  /** @type {Buffer[]} */
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const form = new URLSearchParams(body);
    const data = form.get('data') ?? '';
    const expected = createHmac('sha256', secret).update(data, 'utf8').digest();
    const given = Buffer.from(form.get('signature') ?? '', 'hex');
    const valid = given.length === expected.length && timingSafeEqual(given, expected);
    if (lines.length === 0) setImmediate(commit);
    lines.push(JSON.stringify({ at: new Date().toISOString(), valid, body }));
    answers.push(() => res.writeHead(valid ? 200 : 401, { 'content-length': 0 }).end());
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(JSON.stringify({ port: address.port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
