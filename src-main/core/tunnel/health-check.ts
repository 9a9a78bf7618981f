// Proves that a public URL reaches this app's receiver, end to end: a GET of its dedicated health
// route with a fresh random token (/_tp/health/<token>), which the receiver answers 200
// "TP Inspector receiver <token>" before any routing, so a check never looks like a delivery. Any
// other answer (a tunnel server's own 404 for a forgotten tunnel, a 502, a reminder page, another
// app, an old answer from a cache) or none in time is a failure.
import { randomBytes } from 'node:crypto';
import { undici } from '../common/lazy-packages';
import { HEALTH_ANSWER, HEALTH_PREFIX } from '../inbound';
import { describe } from './lt-register';

export interface HealthResult {
  ok: boolean;
  /** In words: what came back, or what went wrong. */
  detail: string;
}

const MAX_BODY = 4096;

export async function checkHealth(publicUrl: string, timeoutMs: number): Promise<HealthResult> {
  const token = randomBytes(12).toString('hex');
  const url = `${publicUrl.replace(/\/+$/, '')}${HEALTH_PREFIX}${token}`;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await undici().request(url, {
      method: 'GET',
      headers: {
        // localtunnel.me shows browsers a reminder page unless this header is present.
        'bypass-tunnel-reminder': '1',
        'user-agent': 'TP-Inspector-health-check',
        'cache-control': 'no-store',
      },
      signal,
      // A fresh connection each time: a pooled one could outlive the tunnel it went through.
      reset: true,
    });
    const body = await readSome(res.body, MAX_BODY);
    if (res.statusCode === 200 && body === `${HEALTH_ANSWER} ${token}`) {
      return { ok: true, detail: `HTTP ${res.statusCode} from TP Inspector's receiver` };
    }
    return {
      ok: false,
      detail: `HTTP ${res.statusCode}, not from TP Inspector's receiver: ${JSON.stringify(body.slice(0, 120))}`,
    };
  } catch (err) {
    if (signal.aborted) return { ok: false, detail: `no answer within ${timeoutMs} ms` };
    return { ok: false, detail: `no answer (${describe(err)})` };
  }
}

async function readSome(body: AsyncIterable<Buffer> & { destroy(): void }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= max) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, max);
}
