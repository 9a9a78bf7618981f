// load.run: signed deliveries to the developer's handler at a steady rate (an open model: the
// schedule never waits for answers; send-schedule.ts), the figures once a second, and the summary.
// Signed as the endpoint check signs (endpoint-check/run-check.ts, signingFor); one journal record
// of the run's summary rather than one per delivery (thousands a second would bury the person's
// own records and cost the sender its rate: docs/load.md, docs/journal.md).
import * as nodeCrypto from 'node:crypto';
import type { z } from 'zod';
import {
  CommandError,
  type loadCommands,
  type LoadProgress,
  type LoadSummary,
} from '../../../src-shared/contract';
import { signDelivery } from '../../../src-shared/rules/delivery-signature';
import { isLoopbackHost } from '../api';
import type { Services } from '../services';
import { signingFor } from '../endpoint-check';
import { createDeliveryMaker, DEFAULT_MIX } from './load-deliveries';
import { createLoadSender, type SendOutcome } from './load-sender';
import { createLoadTally } from './load-tally';
import { probeHandler } from './probe-handler';
import { createSendSchedule } from './send-schedule';
import { summaryRecord } from './summary-record';

type LoadInput = z.output<(typeof loadCommands)['load.run']['input']>;

/** A send that starts later than this after it was due is counted late. */
const LATE_AFTER_MS = 10;
const PROGRESS_EVERY_MS = 1000;

interface LoadHooks {
  onProgress?(progress: LoadProgress): void;
  /** Stops sending; the run still waits for the answers of what it sent, and sums them up. */
  signal?: AbortSignal;
}

export async function runLoad(
  s: Pick<Services, 'profiles' | 'host' | 'journal'>,
  input: LoadInput,
  hooks: LoadHooks = {},
): Promise<LoadSummary> {
  const { hostname } = new URL(input.url);
  if (!isLoopbackHost(hostname) && !input.confirmRemote) {
    throw new CommandError({
      code: 'invalid_input',
      message: `${hostname} is not this machine: a load run sends it ${input.rate} signed deliveries a second. Confirm that this server is yours to test (tp load --yes), then run it again.`,
    });
  }
  const mix = input.mix ?? DEFAULT_MIX;
  const nextDelivery = createDeliveryMaker(mix);
  const { setup, profileName, profileId } = signingFor(s, input);
  const keys = {
    clientSecret: setup.clientSecret,
    rsaPrivateKeyPem: setup.rsaPrivateKeyPem ?? (() => ''),
  };
  const probe = await probeHandler(input.url);
  if (probe.kind === 'unreachable') {
    throw new CommandError({
      code: 'network_error',
      message: `The load run could not reach ${input.url}: ${probe.reason}. Start the handler (or correct the URL) and run it again.`,
    });
  }
  const sender = createLoadSender(input.url, { insecure: probe.kind === 'invalid' });
  const tally = createLoadTally(mix);
  const schedule = createSendSchedule({
    rate: input.rate,
    durationMs: input.durationMs,
    lateAfterMs: LATE_AFTER_MS,
  });
  const startedAt = new Date();
  const start = performance.now();
  const inFlight = new Set<Promise<void>>();
  let lastSendMs = 0;
  let lastAnswerMs = 0;

  const sendOne = (dueMs: number, late: boolean) => {
    const { kind, data } = nextDelivery();
    const form = new URLSearchParams({
      data,
      signature: signDelivery(nodeCrypto, setup.method, data, keys),
      signature_method: setup.method,
    });
    tally.sending(kind, late);
    const sending: Promise<void> = sender.send(form).then((outcome: SendOutcome) => {
      const now = performance.now() - start;
      lastAnswerMs = Math.max(lastAnswerMs, now);
      // From when it was due, not when it left: a sender that fell behind does not hide the wait.
      tally.answered(outcome, now - dueMs);
      inFlight.delete(sending);
    });
    inFlight.add(sending);
  };

  const progress = setInterval(() => {
    hooks.onProgress?.(tally.progress(input.url, performance.now() - start, schedule.total));
  }, PROGRESS_EVERY_MS);
  try {
    await new Promise<void>((done) => {
      hooks.signal?.addEventListener('abort', () => done(), { once: true });
      const tick = () => {
        const elapsed = performance.now() - start;
        if (hooks.signal?.aborted) return done();
        for (const due of schedule.take(elapsed)) {
          lastSendMs = elapsed;
          sendOne(due.dueMs, due.late);
        }
        const next = schedule.nextDueMs();
        if (next === null) return done();
        setTimeout(tick, Math.max(0, next - (performance.now() - start)));
      };
      tick();
    });
    // Each send ends by the platform's deadline (the sender's timeout), so this wait is bounded.
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  } finally {
    clearInterval(progress);
    await sender.close();
  }
  hooks.onProgress?.(tally.progress(input.url, performance.now() - start, schedule.total));
  const summary = tally.summary({
    url: input.url,
    profileName,
    signatureMethod: setup.method,
    startedAt: startedAt.toISOString(),
    rateAsked: input.rate,
    planned: schedule.total,
    lateAfterMs: LATE_AFTER_MS,
    maxErrorsPct: input.maxErrorsPct,
    durationMs: Math.max(lastAnswerMs, lastSendMs),
    lastSendMs,
    stopped: hooks.signal?.aborted === true,
    certificateWarning:
      probe.kind === 'invalid'
        ? `The certificate of ${new URL(input.url).host} does not hold (${probe.reason}): the deliveries were sent without verifying it, and a client that verifies certificates, as the platform may, would deliver nothing. tp check says what to change.`
        : null,
  });
  s.journal.append(summaryRecord(summary, profileId));
  return summary;
}
