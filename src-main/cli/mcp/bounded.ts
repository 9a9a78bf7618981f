// What goes back to a model is bounded: a delivery may carry 25 MiB and a platform's answer 50 MiB,
// far past what a model can read, so each long string of an answer is cut to its start.

/** The longest string an answer carries whole. */
const ANSWER_STRING_LIMIT = 20_000;

/** A copy of `value` whose strings longer than `limit` are cut, each saying how long it was. */
export function cutLongStrings<T>(value: T, limit = ANSWER_STRING_LIMIT): T {
  if (typeof value === 'string') {
    return (
      value.length <= limit
        ? value
        : `${value.slice(0, limit)}… (cut here: ${value.length} characters in all; the session's export holds the whole)`
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => cutLongStrings(v, limit)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, cutLongStrings(v, limit)]),
    ) as T;
  }
  return value;
}
