// Small display formats shared by every pane, so that times read alike everywhere (24-hour). Times
// are local wall-clock, as a person compares them with their own clock.

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** HH:MM:SS in 24-hour time. */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** HH:MM:SS.mmm, for log rows where several records share a second. */
export function clockTimeMs(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${clockTime(iso)}.${pad(d.getMilliseconds(), 3)}`;
}

/** Every duration a person reads: "6.6 ms", "412 ms", "12.3 s", "1 min 05 s", "2 h 03 min 10 s". */
export function durationMs(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return wholeSeconds(Math.floor(ms / 1000));
}

/** A count of seconds in the durations' words: "45 s", "4 min 53 s", "1 h 02 min 05 s" (the
 * seconds stay, so a countdown of hours still moves on screen). */
export function wholeSeconds(total: number): string {
  if (total < 60) return `${total} s`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) return `${h} h ${pad(m)} min ${pad(total % 60)} s`;
  return `${m} min ${pad(total % 60)} s`;
}

export function byteSize(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KiB`;
  if (size < 1024 ** 3) return `${(size / 1024 / 1024).toFixed(1)} MiB`;
  return `${(size / 1024 ** 3).toFixed(2)} GiB`;
}

/** The path and query of a URL, which is what tells two calls to one platform apart. */
export function urlPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
