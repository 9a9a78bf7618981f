// Retry-After (RFC 9110 10.2.3): delay-seconds or an HTTP-date. null when absent or unreadable.
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
