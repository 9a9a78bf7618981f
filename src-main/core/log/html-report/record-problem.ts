// What in a record needs a person's attention, for the top of a session's HTML report: failed run
// steps (their checks did not hold), invalid signatures, errors (no answer, an HTTP error, a
// refused request, a failed grant, an engine error, a load run over its error limit) and answers
// that came too late for the platform. A record can have several; it is listed under the first of
// PROBLEM_ORDER.
import type { JournalRecord, SystemRecord } from '../../../../src-shared/contract';

export const PROBLEM_ORDER = ['failed-step', 'invalid-signature', 'error', 'late'] as const;
export type ProblemCategory = (typeof PROBLEM_ORDER)[number];

/** Headings of the report's summary, one per category. */
export const PROBLEM_TITLES: Record<ProblemCategory, string> = {
  'failed-step': 'Failed steps',
  'invalid-signature': 'Invalid signatures',
  error: 'Errors',
  late: 'Late answers',
};

/** One record's problem, as its section names it. */
export const PROBLEM_LABELS: Record<ProblemCategory, string> = {
  'failed-step': 'Failed step',
  'invalid-signature': 'Invalid signature',
  error: 'Error',
  late: 'Late answer',
};

export interface Problem {
  category: ProblemCategory;
  /** Why, in words (the record's own where it has them). */
  words: string;
}

/**
 * A step's record says how the step ended (`system.step`). One of an older version does not: there
 * the summaries the runner journaled for a step or a scenario that failed tell it ("Step 2 of
 * send.yaml, Send a text: failed in 120 ms", "Scenario send.yaml: failed before its first step").
 * The words alone would also take a passed step named "Log in: failed password" for a failed one.
 */
const FAILED_STEP_WORDS = /^(Step \d+ of .+|Scenario .+): failed\b/;
const failedStep = (r: SystemRecord): boolean =>
  r.system.step ? r.system.step.state === 'failed' : FAILED_STEP_WORDS.test(r.summary);

const httpError = (status: number | null, error: string | undefined): string | null => {
  if (status === null) return `no answer: ${error ?? 'the connection failed'}`;
  return status >= 400 ? `answered HTTP ${status}` : null;
};

/** Every problem of a record, most pressing first; none for a record that went as expected. */
export function problemsOf(r: JournalRecord): Problem[] {
  const out: Problem[] = [];
  const add = (category: ProblemCategory, words: string | null | undefined) => {
    if (words) out.push({ category, words });
  };
  switch (r.kind) {
    case 'system':
      if (failedStep(r)) add('failed-step', r.system.message);
      else if (r.system.level === 'error') add('error', r.system.message);
      // A load run over its error limit is a `warn` record (the app went on), but the handler
      // failed: its share of errors is what the person looks for first.
      else if (r.system.load?.passed === false) add('error', r.system.message);
      break;
    case 'delivery': {
      const d = r.delivery;
      if (d.verification.outcome === 'invalid')
        add('invalid-signature', d.verification.explanation);
      add(
        'error',
        d.error ?? (d.response.status >= 400 ? `answered HTTP ${d.response.status}` : null),
      );
      add('late', d.response.late);
      break;
    }
    case 'api':
      add('error', httpError(r.api.status, r.api.error));
      break;
    case 'forward': {
      const f = r.forward;
      add('error', f.notForwarded?.explanation ?? httpError(f.exchange.status, f.exchange.error));
      add('late', f.late);
      break;
    }
    case 'auth':
      if (r.auth.outcome === 'error') add('error', r.auth.detail ?? r.summary);
      break;
    default:
      break;
  }
  return out.sort((a, b) => PROBLEM_ORDER.indexOf(a.category) - PROBLEM_ORDER.indexOf(b.category));
}
