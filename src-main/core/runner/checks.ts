// One check of a value (format.ts, ValueCheck) and its outcome in words: what was expected and what
// was there. A step's failure text is its failed checks, so these words are what a tester reads.
import type { ValueCheck } from '../../../src-shared/collections/format';
import type { CheckOutcome } from '../../../src-shared/contract';
import type { PathLookup } from './body-path';

const MAX_SHOWN = 200;

/** A value as a person reads it in a check: text quoted, JSON otherwise, long values cut. */
function describeValue(lookup: PathLookup): string {
  if (!lookup.found) return 'absent';
  const { value } = lookup;
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? null);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * YAML gives `status: 200` as a number and a template gives "200" as text: a scalar equals another
 * when they read the same; objects and lists compare as JSON.
 */
const scalar = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function looselyEqual(actual: unknown, expected: unknown): boolean {
  if (scalar(actual) && scalar(expected)) return String(actual) === String(expected);
  return JSON.stringify(actual) === JSON.stringify(expected);
}

const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/** Each operator's test and its words; several operators must all hold. */
function failures(check: ValueCheck, lookup: PathLookup): { expected: string[]; failed: boolean } {
  const expected: string[] = [];
  let failed = false;
  const value = lookup.found ? lookup.value : undefined;
  const require = (words: string, holds: boolean) => {
    expected.push(words);
    if (!holds) failed = true;
  };
  if (check.exists !== undefined)
    require(check.exists ? 'present' : 'absent', lookup.found === check.exists);
  if (check.equals !== undefined)
    require(describeValue({ found: true, value: check.equals }), lookup.found &&
      looselyEqual(value, check.equals));
  if (check.matches !== undefined) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(check.matches);
    } catch {
      pattern = null;
    }
    require(pattern
      ? `text matching /${check.matches}/`
      : `a valid regular expression (${check.matches})`, pattern !== null &&
      lookup.found &&
      pattern.test(typeof value === 'string' ? value : JSON.stringify(value)));
  }
  if (check.type !== undefined)
    require(`of type ${check.type}`, lookup.found && typeOf(value) === check.type);
  if (check.length !== undefined) {
    const length = typeof value === 'string' || Array.isArray(value) ? value.length : null;
    require(`of length ${check.length}`, length === check.length);
  }
  if (check.below !== undefined) {
    const n = asNumber(value);
    require(`below ${check.below}`, n !== null && n < check.below);
  }
  if (check.above !== undefined) {
    const n = asNumber(value);
    require(`above ${check.above}`, n !== null && n > check.above);
  }
  return { expected, failed };
}

/** What was there, with the detail the failed operators need (a type, a length). */
function actualWords(check: ValueCheck, lookup: PathLookup): string {
  const shown = describeValue(lookup);
  if (!lookup.found) return shown;
  const value = lookup.value;
  const extra: string[] = [];
  if (check.type !== undefined) extra.push(`of type ${typeOf(value)}`);
  if (check.length !== undefined && (typeof value === 'string' || Array.isArray(value)))
    extra.push(`of length ${value.length}`);
  return extra.length ? `${shown} (${extra.join(', ')})` : shown;
}

export function evaluateCheck(label: string, check: ValueCheck, lookup: PathLookup): CheckOutcome {
  const { expected, failed } = failures(check, lookup);
  return {
    label,
    passed: !failed,
    expected: expected.join(' and '),
    actual: actualWords(check, lookup),
  };
}

/** A check that is not a ValueCheck (a signature outcome, a shape): expected and actual given. */
export function plainCheck(
  label: string,
  passed: boolean,
  expected: string,
  actual: string,
): CheckOutcome {
  return { label, passed, expected, actual };
}

/** The failure text of a step: each failed check in words, one sentence each. */
export function failedChecksText(checks: readonly CheckOutcome[]): string | null {
  const failed = checks.filter((c) => !c.passed);
  if (failed.length === 0) return null;
  // Words that end a sentence of their own (a snapshot's diff and what to do) get no second period.
  return failed
    .map(
      (c) =>
        `${c.label}: expected ${c.expected}, got ${c.actual}${/[.!?]$/.test(c.actual) ? '' : '.'}`,
    )
    .join(' ');
}
