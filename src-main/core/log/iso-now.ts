// The time now as ISO 8601 (UTC), as new Date().toISOString() gives it, for far less: V8 formats
// a date through printf, and every delivery takes two (its arrival and its record's time). The part up to the seconds changes once a second, so it is kept.
let second = Number.NaN;
let prefix = '';

export function isoNow(ms: number = Date.now()): string {
  const s = Math.floor(ms / 1000);
  if (s !== second) {
    second = s;
    prefix = new Date(s * 1000).toISOString().slice(0, -4); // without "mmmZ"
  }
  const m = ms - s * 1000;
  return `${prefix}${m < 10 ? '00' : m < 100 ? '0' : ''}${m}Z`;
}
