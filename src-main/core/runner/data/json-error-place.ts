// Where a JSON text stops being JSON. JSON.parse says so on some Node versions only ("at position
// 12" on Node 20; Node 22 quotes the text around it instead), and YAML, which reads most of JSON,
// accepts some of what JSON refuses (`{"a": }`): this scanner follows JSON's grammar (RFC 8259)
// and answers the offset of the first character that breaks it. It runs only once JSON.parse has
// refused the text, to put a line and a column on the message.

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001F]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** The offset where `text` stops being JSON; its length when only its end is missing. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  class Stop extends Error {}
  const space = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i += 1;
  };
  const match = (re: RegExp) => {
    re.lastIndex = i;
    if (!re.test(text)) throw new Stop();
    i = re.lastIndex;
  };
  const expect = (c: string) => {
    space();
    if (text[i] !== c) throw new Stop();
    i += 1;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i += 1;
      space();
      if (text[i] === '}') return void (i += 1);
      for (;;) {
        space();
        match(STRING);
        expect(':');
        value();
        space();
        if (text[i] === ',') i += 1;
        else return expect('}');
      }
    }
    if (c === '[') {
      i += 1;
      space();
      if (text[i] === ']') return void (i += 1);
      for (;;) {
        value();
        space();
        if (text[i] === ',') i += 1;
        else return expect(']');
      }
    }
    if (c === '"') return match(STRING);
    for (const word of ['true', 'false', 'null'])
      if (text.startsWith(word, i)) return void (i += word.length);
    match(NUMBER);
  };
  try {
    value();
    space();
    return i;
  } catch (err) {
    if (err instanceof Stop) return i;
    throw err;
  }
}
