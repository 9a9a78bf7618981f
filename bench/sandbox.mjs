// `npm run bench:sandbox`: throughput and latency of POST /tp/message/send.json (text) on the
// sandbox over loopback with a concurrent client, side by side with a bare node:http server
// answering a fixed JSON body, measured in the same run; prints the ratio (target: >= 0.5).
// Options (env): BENCH_SECONDS (default 5), BENCH_CONCURRENCY (default 32).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_SECONDS = 1;

/** Starts a child process and resolves with its first stdout line parsed as JSON. */
function startChild(args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve({ child, ready: JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function call(origin, path, init) {
  const res = await fetch(origin + path, init);
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const simulator = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Connects a user and adds a contact: what a real app does before it sends. */
async function prepare(origin, app) {
  const user = await call(origin, '/_sandbox/users', simulator({ name: 'Bench', surname: 'User' }));
  const { redirect } = await call(
    origin,
    '/_sandbox/authorize',
    simulator({
      client_id: app.client_id,
      state: 'b',
      user_id: user.id,
      scope: 'basic',
      decision: 'approve',
    }),
  );
  const code = new URL(redirect).searchParams.get('code');
  const token = await call(
    origin,
    '/tp/token',
    form({
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      code,
      redirect_uri: app.redirect_uri,
    }),
  );
  await call(origin, '/tp/contact/add', {
    ...form({ contact_id: 'order-1042', display_name: 'Order #1042' }),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${token.access_token}`,
    },
  });
  return { userId: user.id, accessToken: token.access_token };
}

/** CONCURRENCY loops sending the same request for `seconds`; answers count, errors and latencies. */
async function load(origin, request, seconds) {
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const res = await pool.request(request);
      await res.body.text();
      if (res.statusCode !== 200) errors += 1;
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  return {
    rps: latencies.length / elapsed,
    count: latencies.length,
    errors,
    p50: pct(50),
    p99: pct(99),
  };
}

async function measure(name, origin, request) {
  await load(origin, request, WARMUP_SECONDS);
  const r = await load(origin, request, SECONDS);
  console.log(
    `${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   (${r.count} requests, ${r.errors} errors)`,
  );
  if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests did not answer 200`);
  return r;
}

const entry = `${root}out/main/sandbox.js`;
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run npm run build first.`);
  process.exit(2);
}
const children = [];
try {
  const sandbox = await startChild([entry, '--json', '--port', '0']);
  children.push(sandbox.child);
  const bare = await startChild([`${root}bench/bare-server.mjs`]);
  children.push(bare.child);
  const app = sandbox.ready.apps[0];
  const origin = sandbox.ready.baseUrl;
  const { userId, accessToken } = await prepare(origin, app);
  const request = {
    method: 'POST',
    path: '/tp/message/send.json',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${accessToken}`,
    },
    body: new URLSearchParams({
      contact_id: 'order-1042',
      resource_id: userId,
      msg_type: 'text',
      text: 'Your order #1042 has shipped',
    }).toString(),
  };
  console.log(
    `message/send.json (text), ${CONCURRENCY} concurrent connections, ${SECONDS} s each, loopback`,
  );
  const bareResult = await measure(
    'bare node:http',
    `http://127.0.0.1:${bare.ready.port}`,
    request,
  );
  const sandboxResult = await measure('sandbox send.json', origin, request);
  const ratio = sandboxResult.rps / bareResult.rps;
  console.log(
    `ratio sandbox/bare: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
  );
} finally {
  for (const c of children) c.kill('SIGTERM');
}
