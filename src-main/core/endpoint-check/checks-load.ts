// The checks of how the handler answers over the whole battery: the same delivery twice, the
// platform's deadline, a burst at once, and the transport (redirects, the certificate). They run
// after the contract checks, whose answers the deadline and redirect checks read.
import {
  PLATFORM_DELIVERY_DEADLINE_MS,
  pastDeadline,
} from '../../../src-shared/rules/delivery-deadline';
import type { CheckDefinition } from './check-context';
import { answerWords, judgeAccepted, latency } from './judge';
import { textMessage } from './sample-deliveries';
import type { SentDelivery } from './send-delivery';

const DELIVERIES = 'docs/sandbox.md, Deliveries';
/** Past this, the handler is halfway to the deadline: a slow dependency away from missing it. */
const DEADLINE_WARN_MS = PLATFORM_DELIVERY_DEADLINE_MS / 2;
/** Deliveries the deadline check sends itself when no other check sent any. */
const DEADLINE_SAMPLE = 5;

const redelivery: CheckDefinition = {
  id: 'redelivery',
  name: 'Answers the same delivery (same id) again',
  rule: DELIVERIES,
  run: async (ctx) => {
    const form = ctx.valid(JSON.stringify(textMessage('Your order #1042 has shipped')));
    const sent = [await ctx.send('redelivery', form), await ctx.send('redelivery', form)];
    const verdict = judgeAccepted(sent, 'The same delivery sent twice');
    if (verdict.outcome === 'pass') {
      return {
        outcome: 'warn',
        reason: `The same delivery sent twice: ${answerWords(sent[0]!)}, then ${answerWords(sent[1]!)}. The platform sends a delivery again whenever an answer is lost or late, so this happens in production.`,
        advice:
          'Make sure its side effects happen once: keep the `id` of each delivery handled (a unique key in your database, kept for a day: the last retry comes about a minute after the first attempt) and answer 2xx without acting again when it comes back.',
        sent,
      };
    }
    return { ...verdict, sent };
  },
};

const deadline: CheckDefinition = {
  id: 'deadline',
  name: 'Answers within the platform’s deadline',
  rule: DELIVERIES,
  run: async (ctx) => {
    // Alone (--only deadline), it sends a sample of its own.
    const own: SentDelivery[] = [];
    if (!ctx.sent.some((s) => !s.skipped)) {
      for (let i = 0; i < DEADLINE_SAMPLE; i += 1) {
        const sent = await ctx.send('deadline', ctx.valid(JSON.stringify(textMessage())));
        if (sent.skipped) break;
        own.push(sent);
        // One miss says it: each further one would cost another 10 s.
        if (pastDeadline(sent.ms)) break;
      }
    }
    const sample = own.length > 0 ? own : ctx.sent.filter((s) => !s.skipped);
    const t = latency(sample);
    const late = sample.filter((s) => pastDeadline(s.ms));
    const figures = `p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms over ${t.count} deliveries`;
    const limit = `${PLATFORM_DELIVERY_DEADLINE_MS / 1000} s`;
    if (late.length > 0) {
      return {
        outcome: 'fail',
        reason: `${late.length} of ${t.count} deliveries got no answer within the platform's ${limit} deadline (${figures}): the platform counts each as failed and sends it again.`,
        advice:
          'Answer first, then work: put the delivery on a queue (or in the database) and answer 2xx at once; do slow work (calls to other services, the platform API) after answering.',
        sent: own,
      };
    }
    if (t.p99Ms >= DEADLINE_WARN_MS) {
      return {
        outcome: 'warn',
        reason: `${figures}: within the ${limit} deadline, but past half of it (${DEADLINE_WARN_MS / 1000} s).`,
        advice:
          'Answer before doing slow work (queue it): a slower day of a dependency takes this handler past the deadline.',
        sent: own,
      };
    }
    return { outcome: 'pass', reason: `${figures}.`, advice: '', sent: own };
  },
};

const burst: CheckDefinition = {
  id: 'burst',
  name: 'Answers a burst of deliveries at once',
  rule: DELIVERIES,
  run: async (ctx) => {
    const started = performance.now();
    const sent = await Promise.all(
      Array.from({ length: ctx.burst }, () =>
        ctx.send('burst', ctx.valid(JSON.stringify(textMessage('One of a burst'))), {
          burst: true,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const t = latency(sent);
    const perSecond = Math.round(sent.length / Math.max(seconds, 0.001));
    const bad = sent.filter((s) => s.status === null || s.status < 200 || s.status >= 300);
    const figures = `${sent.length} deliveries at once in ${seconds.toFixed(2)} s (${perSecond} a second), p99 ${t.p99Ms} ms`;
    if (bad.length === 0)
      return { outcome: 'pass', reason: `${figures}: all 2xx.`, advice: '', sent };
    return {
      outcome: 'fail',
      reason: `${figures}: ${bad.length} not answered 2xx (the first: ${answerWords(bad[0]!)}).`,
      advice:
        'Take deliveries in parallel: a group event reaches every contact of the room at once. Raise the server’s connection limits, and answer before slow work.',
      sent,
    };
  },
};

const redirect: CheckDefinition = {
  id: 'transport.redirect',
  name: 'Answers without redirecting',
  rule: DELIVERIES,
  run: async (ctx) => {
    let all: SentDelivery[] = [...ctx.sent, ...ctx.burstSent].filter((s) => !s.skipped);
    let own: SentDelivery[] = [];
    if (all.length === 0) {
      own = [await ctx.send('transport.redirect', ctx.valid(JSON.stringify(textMessage())))];
      all = own;
    }
    const redirected = all.find((s) => s.status !== null && s.status >= 300 && s.status < 400);
    if (!redirected) {
      return {
        outcome: 'pass',
        reason: `No answer of ${all.length} was a redirect.`,
        advice: '',
        sent: own,
      };
    }
    return {
      outcome: 'fail',
      reason: `The handler ${answerWords(redirected)}, a redirect: the platform does not follow it, so the delivery fails and is sent again to the same URL.`,
      advice:
        'Register the URL the redirect points at as the endpoint URL (mind http to https, and a trailing slash).',
      sent: own,
    };
  },
};

const certificate: CheckDefinition = {
  id: 'transport.certificate',
  name: 'Has a certificate valid for its host',
  rule: 'API document §6',
  run: (ctx) => {
    const { host } = new URL(ctx.url);
    const verdict = ctx.certificate;
    switch (verdict.kind) {
      case 'valid':
        return Promise.resolve({
          outcome: 'pass' as const,
          reason: `The certificate of ${host} is valid for it (until ${verdict.validTo}).`,
          advice: '',
          sent: [],
        });
      case 'invalid':
        return Promise.resolve({
          outcome: 'warn' as const,
          reason: `The certificate of ${host} does not hold (${verdict.reason}). The check sent its deliveries without verifying it; a client that verifies certificates, as the platform may, refuses the connection and delivers nothing.`,
          advice: `Serve a certificate from a public certificate authority that names ${new URL(ctx.url).hostname}, with its whole chain.`,
          sent: [],
        });
      default:
        return Promise.resolve({
          outcome: 'not-configured' as const,
          reason: `${host} is plain http: there is no certificate to check.`,
          advice:
            'Register an https endpoint URL for a real app: deliveries carry your users’ messages.',
          sent: [],
        });
    }
  },
};

/** In the order they run: the burst before the transport checks, which read its answers. */
export function loadChecks(): CheckDefinition[] {
  return [redelivery, deadline, burst, redirect, certificate];
}
