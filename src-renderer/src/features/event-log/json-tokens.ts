// Splits pretty-printed JSON into coloured spans without parsing it twice: a single regex over the
// text JSON.stringify produced, so what is shown is exactly that text.

type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'punct';
interface JsonToken {
  kind: JsonTokenKind;
  text: string;
}

const TOKEN =
  /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([^"\d\-tfn]+|.)/g;

export function jsonTokens(text: string): JsonToken[] {
  const out: JsonToken[] = [];
  for (const m of text.matchAll(TOKEN)) {
    if (m[1] !== undefined) {
      out.push({ kind: m[2] ? 'key' : 'string', text: m[1] });
      if (m[2]) out.push({ kind: 'punct', text: m[2] });
    } else if (m[3] !== undefined) out.push({ kind: 'number', text: m[3] });
    else if (m[4] !== undefined) out.push({ kind: 'literal', text: m[4] });
    else out.push({ kind: 'punct', text: m[0] });
  }
  return out;
}
