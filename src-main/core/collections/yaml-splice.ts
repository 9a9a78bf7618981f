// Edits of a YAML file's text that touch only the lines they add: a pair added to a map, an item
// added to a list, a value replaced. The yaml package's Document keeps comments, but writing it
// back lays out the whole file its own way (a list indented under its key, blank lines dropped),
// and a person's file must show in a diff as the lines the app added. So the nodes' ranges from
// the parsed Document say where to splice, and the added text is written with the neighbours'
// indentation.
import type { Node, YAMLMap, YAMLSeq } from 'yaml';
import { yaml } from '../common/lazy-packages';

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const indentAt = (text: string, at: number) => {
  const start = lineStart(text, at);
  return /^[ ]*/.exec(text.slice(start))![0].length;
};

/** The offset just past the line `at` is on (its trailing comment and newline). */
function afterLine(text: string, at: number): { text: string; at: number } {
  const end = text.indexOf('\n', at);
  if (end >= 0) return { text, at: end + 1 };
  return { text: `${text}\n`, at: text.length + 1 };
}

const rangeOf = (node: Node) => node.range ?? [0, 0, 0];

/** `value` in YAML block style, each line indented by `indent` spaces. */
function block(value: unknown, indent: number): string {
  const written = yaml().stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });
  return written
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => ' '.repeat(indent) + line)
    .join('\n');
}

/** `value` on one line, as YAML flow. */
function flow(value: unknown): string {
  return yaml()
    .stringify(value, { lineWidth: 0, collectionStyle: 'flow', aliasDuplicateObjects: false })
    .trim();
}

/** `text` with `key: value` added last to `map`. */
export function addPair(text: string, map: YAMLMap, key: string, value: unknown): string {
  const [start, end] = rangeOf(map);
  if (map.flow) {
    // `{ a: 1 }` → `{ a: 1, key: value }`: before the closing brace.
    const close = text.lastIndexOf('}', end);
    const pair = flow({ [key]: value })
      .slice(1, -1)
      .trim();
    const before = text.slice(0, close).trimEnd();
    const sep = before.endsWith('{') ? ' ' : ', ';
    return `${before}${sep}${pair} ${text.slice(close)}`;
  }
  const first = map.items[0]?.key as Node | undefined;
  const indent = first ? indentAt(text, rangeOf(first)[0]) : indentAt(text, start);
  const place = afterLine(text, end > start ? end - 1 : end);
  const added = `${block({ [key]: value }, indent)}\n`;
  return place.text.slice(0, place.at) + added + place.text.slice(place.at);
}

/** `text` with the value of `key` in `map` replaced by `value`, written on one line. */
export function replaceValue(text: string, map: YAMLMap, key: string, value: unknown): string {
  const node = map.get(key, true) as Node | undefined;
  if (!node?.range) return addPair(text, map, key, value);
  const [start, end] = node.range;
  return text.slice(0, start) + flow(value) + text.slice(end);
}

/** `text` with `value` put into `seq` at `index` (0 to its length). */
export function insertItem(text: string, seq: YAMLSeq, index: number, value: unknown): string {
  const [start, end] = rangeOf(seq);
  if (seq.flow || seq.items.length === 0) {
    // `steps: []` becomes a block list under its key, indented one step further.
    const keyIndent = indentAt(text, start);
    const before = text.slice(0, start).trimEnd();
    const items = seq.items.map((item) => yaml().parse(String(item)) as unknown);
    items.splice(index, 0, value);
    const after = text.slice(end).replace(/^[ ]*/, '');
    return `${before}\n${block(items, keyIndent + 2)}${after.startsWith('\n') ? '' : '\n'}${after}`;
  }
  const dashIndent = indentAt(text, rangeOf(seq.items[0] as Node)[0]);
  const added = `${block([value], dashIndent)}\n`;
  if (index === 0) {
    const at = lineStart(text, rangeOf(seq.items[0] as Node)[0]);
    return text.slice(0, at) + added + text.slice(at);
  }
  const previous = rangeOf(seq.items[index - 1] as Node);
  const place = afterLine(text, previous[1] > previous[0] ? previous[1] - 1 : previous[1]);
  return place.text.slice(0, place.at) + added + place.text.slice(place.at);
}
