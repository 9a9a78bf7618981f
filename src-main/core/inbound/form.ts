// application/x-www-form-urlencoded, decoded as URLSearchParams decodes it (the WHATWG rules), but
// on the fast path of the native decodeURIComponent: every delivery is parsed, and the JS
// implementation of URLSearchParams costs more than the rest of the capture together. A part that
// decodeURIComponent refuses (a stray %, bytes that are not UTF-8) goes through URLSearchParams.
export function parseForm(text: string): [string, string][] {
  const out: [string, string][] = [];
  if (!text) return out;
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    out.push([decode(name), decode(value)]);
  }
  return out;
}

function decode(s: string): string {
  const plain = s.includes('+') ? s.replaceAll('+', ' ') : s;
  if (!plain.includes('%')) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    return new URLSearchParams(`x=${s}`).get('x') ?? '';
  }
}
