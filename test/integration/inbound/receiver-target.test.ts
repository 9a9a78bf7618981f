// A request target that URL cannot parse (`//`, `http://`) once threw out of the receiver's
// request listener and ended the whole process (found by npm run fuzz). A target that is not a
// path is answered 400, a CONNECT 405, each leaves a record in the journal as every other refusal
// does (docs/security.md, "What the receiver refuses and records"), and the receiver goes on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendRaw } from '../../helpers/raw-socket';
import { waitFor } from '../../helpers/wait-for';
import { startInboundFixture, type InboundFixture } from './inbound-harness';

// Refusals of one kind from one source are summarized (refusal-log.ts): a short window, so the
// summaries of the requests below come quickly.
const SUMMARY_MS = 100;

let f: InboundFixture;
let port: number;
beforeAll(async () => {
  f = await startInboundFixture({
    deliveries: { bodyTimeoutMs: 300, refusalSummaryMs: SUMMARY_MS },
  });
  port = Number(new URL(f.endpointUrl).port);
});
afterAll(() => f.close());

const FIRST = 'A request from 127.0.0.1 was refused (malformed target): ';
const SUMMARY = /^(\d+) more requests? from 127\.0\.0\.1 refused: malformed target\.$/;
const messages = () => f.records.flatMap((r) => (r.kind === 'system' ? [r.system.message] : []));
/** How many refused targets the journal accounts for: full records, plus what summaries count. */
const accountedFor = () =>
  messages().reduce((n, m) => n + (m.startsWith(FIRST) ? 1 : Number(SUMMARY.exec(m)?.[1] ?? 0)), 0);

// First, so that its record is the first of its kind from this source, written whole.
it('answers CONNECT 405, records it, and stays up', async () => {
  const answer = await sendRaw(port, 'CONNECT 10.9.8.7:443 HTTP/1.1\r\nHost: 10.9.8.7:443\r\n\r\n');
  expect(answer.status).toBe(405);
  await waitFor('the CONNECT record', () => (accountedFor() === 1 ? true : undefined));
  expect(messages()).toContain(
    `${FIRST}answered 405: CONNECT "10.9.8.7:443" asks for a tunnel; the receiver is not a proxy.`,
  );
  const health = await fetch(new URL('/_tp/health/after', f.endpointUrl));
  expect(health.status).toBe(200);
});

// (`host:port` without CONNECT never reaches the receiver: Node's parser refuses it, a `malformed
// HTTP` record, receiver-refusals.test.ts.)
const TARGETS = ['//', 'http://', '//x:99999/a', '*', 'http://evil.example:99999/'];

it('answers 400 to each target that is not a path, records each, and stays up', async () => {
  for (const target of TARGETS) {
    const answer = await sendRaw(
      port,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      { waitForClose: true },
    );
    expect(answer.status, target).toBe(400);
    expect(answer.text, target).toContain(`The request target ${JSON.stringify(target)}`);
    const health = await fetch(new URL('/_tp/health/after', f.endpointUrl));
    expect(health.status).toBe(200);
  }
  // The CONNECT above and each of these, as full records or counted in a summary.
  await waitFor('a record of every refused target', () =>
    accountedFor() === 1 + TARGETS.length ? true : undefined,
  );
  for (const m of messages().filter((m) => m.startsWith(FIRST) && !m.includes('CONNECT'))) {
    expect(m).toMatch(/answered 400: The request target "[^"]+" (starts with \/\/|is not)/);
  }
});
