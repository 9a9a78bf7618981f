// Adding to a scenario from the app's forms: a step from the Scenario view's "Add step", a check
// from the Runner's "Check this". The scenario's YAML stays the source: the added lines are spliced
// into its text (yaml-splice.ts), so its comments, quoting, flow maps and blank lines stay and a
// diff shows the added lines only. The same edit made on the yaml package's Document says what the
// file must read as afterwards: a splice that would read otherwise (a layout it does not foresee)
// gives way to the Document's own writing, which keeps the comments but lays the file out anew.
import { isDeepStrictEqual } from 'node:util';
import type { Document, YAMLMap, YAMLSeq } from 'yaml';
import { yaml } from '../common/lazy-packages';
import { Step, STEP_KINDS } from '../../../src-shared/collections/format';
import { CommandError } from '../../../src-shared/contract';
import { orderStep } from './scenario-yaml';
import { addPair, insertItem, replaceValue } from './yaml-splice';

/** A check of today's value: `expect.body` of a request step, `data` of an expect-delivery step. */
interface CheckToAdd {
  /** A body path (format.ts, BodyPath): `user.name`, `list[0].id`. */
  path: string;
  value: string | number | boolean | null;
}

type StepObject = Record<string, unknown>;

const refused = (message: string) => new CommandError({ code: 'invalid_input', message });

/**
 * The largest file the forms edit. An edit parses the file twice on the engine's thread (once to
 * edit, once to check the splice): about 0.45 s for 128 KiB of request steps on a shared 2-core
 * machine, during which deliveries and the window wait. A larger file is edited by hand.
 */
export const MAX_FORM_EDIT_BYTES = 128 * 1024;

function parsed(text: string, what: string): Document.Parsed {
  if (Buffer.byteLength(text) > MAX_FORM_EDIT_BYTES)
    throw refused(
      `The scenario is over ${MAX_FORM_EDIT_BYTES / 1024} KiB, so ${what} was not added from the form: write it in the YAML, or split the scenario into smaller files.`,
    );
  const doc = yaml().parseDocument(text);
  if (doc.errors.length > 0)
    throw refused(
      `The scenario's YAML does not parse (${doc.errors[0]!.message.split('\n')[0]}), so ${what} was not added: fix the YAML first.`,
    );
  return doc;
}

/**
 * The splice, made on the Document before it is edited (its ranges are the text's); null when the
 * layout is one it does not foresee.
 */
function trySplice(splice: () => string): string | null {
  try {
    return splice();
  } catch {
    return null;
  }
}

/** The spliced text when it reads as the edited Document does; else the Document written out. */
function textOf(doc: Document, spliced: string | null): string {
  if (spliced !== null) {
    const again = yaml().parseDocument(spliced);
    if (again.errors.length === 0 && isDeepStrictEqual(again.toJS(), doc.toJS())) return spliced;
  }
  return doc.toString({ lineWidth: 0 });
}

function stepsOf(doc: Document.Parsed, create: boolean): YAMLSeq | null {
  const y = yaml();
  if (doc.contents === null && create) doc.contents = doc.createNode({}) as never;
  if (!y.isMap(doc.contents)) return null;
  let steps = doc.get('steps');
  if ((steps === undefined || steps === null) && create) {
    doc.set('steps', doc.createNode([]));
    steps = doc.get('steps');
  }
  return y.isSeq(steps) ? steps : null;
}

/**
 * `text` with `step` added after the step at `after` (by default last). The step is checked with
 * the format's schema first: what the form sends is untrusted like any input.
 */
export function addStepToText(
  text: string,
  step: StepObject,
  after?: number,
): { text: string; index: number } {
  // The union's own error says only "Invalid input": the kind's schema names the field.
  const kind = STEP_KINDS.find((k) => k in step);
  const schema = Step.options.find((option) => kind !== undefined && kind in option.shape) ?? Step;
  const checked = schema.safeParse(step);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw refused(
      `The step is not one the format takes (${issue?.path.join('.') || 'step'}: ${issue?.message ?? 'not valid'}): fill in the form's fields and add it again.`,
    );
  }
  const doc = parsed(text, 'the step');
  const steps = stepsOf(doc, true);
  if (!steps)
    throw refused(
      "The scenario has no list under steps: to add to: write 'steps:' as a list in the YAML, or start a new scenario.",
    );
  const written = orderStep(step);
  const index = after === undefined ? steps.items.length : Math.min(after + 1, steps.items.length);
  // A list made just now (the file had none) has no place in the text to splice at.
  const spliced = steps.range ? trySplice(() => insertItem(text, steps, index, written)) : null;
  // An empty `steps: []` becomes a block list, like the rest of a scenario the app writes.
  if (steps.items.length === 0) steps.flow = false;
  steps.items.splice(index, 0, doc.createNode(written) as never);
  return { text: textOf(doc, spliced), index };
}

/** The map at `key` of `map`, made when it is not there. */
function mapAt(doc: Document, map: YAMLMap, key: string, where: string): YAMLMap {
  const y = yaml();
  const found = map.get(key, true);
  if (found === undefined || found === null) {
    const made = doc.createNode({}) as YAMLMap;
    map.set(key, made);
    return made;
  }
  if (!y.isMap(found))
    throw refused(`${where} has ${key} written as something other than a map: fix it in the YAML.`);
  return found;
}

/** Where the check goes in a step: `expect` then `body`, or `expect-delivery` then `data`. */
const CHECK_PLACES = {
  request: ['expect', 'body'],
  'expect-delivery': ['expect-delivery', 'data'],
} as const;
type CheckKind = keyof typeof CHECK_PLACES;

function stepAt(doc: Document.Parsed, index: number): YAMLMap | null {
  const step = stepsOf(doc, false)?.items[index];
  return yaml().isMap(step) ? step : null;
}

/** The spliced text: the first map of `keys` missing is added with the rest inside it. */
function splicedCheck(
  text: string,
  step: YAMLMap,
  keys: readonly string[],
  check: CheckToAdd,
): string {
  const y = yaml();
  let map: YAMLMap = step;
  for (const [i, key] of keys.entries()) {
    const inner: unknown = map.get(key, true);
    if (inner !== undefined && !y.isMap(inner)) throw new Error('not a map');
    if (inner === undefined) {
      const rest = [...keys.slice(i + 1), check.path].reduceRight<unknown>(
        (value, k) => ({ [k]: value }),
        checkValue(check),
      );
      return addPair(text, map, key, rest);
    }
    map = inner as YAMLMap;
  }
  return map.has(check.path)
    ? replaceValue(text, map, check.path, checkValue(check))
    : addPair(text, map, check.path, checkValue(check));
}

// `null` is no value to equal in a check as YAML reads it: its type says it.
const checkValue = (check: CheckToAdd) => (check.value === null ? { type: 'null' } : check.value);

/**
 * `text` with a check that `check.path` equals today's value added to the step at `index`: under
 * `expect.body` of a request step, under `data` of an expect-delivery step. A check already on
 * that path is replaced (the person asked for today's value).
 */
export function addCheckToText(
  text: string,
  index: number,
  check: CheckToAdd,
  /** The step's name in the run the value comes from: another name there means the file changed. */
  runName?: string,
): { text: string; stepName: string; kind: CheckKind } {
  const doc = parsed(text, 'the check');
  const step = stepAt(doc, index);
  const where = `Step ${index + 1}`;
  if (!step)
    throw refused(
      `The scenario has no step ${index + 1} any more (it changed since the run): run it again, then check the value.`,
    );
  const name = step.get('name');
  const stepName = typeof name === 'string' ? name : where;
  if (runName !== undefined && typeof name === 'string' && name !== runName)
    throw refused(
      `${where} is now "${name}", not "${runName}" as in the run (the file changed since): run it again, then check the value.`,
    );
  // A check's value is a template: `{{x}}` in today's value would be read as a variable at the
  // next run, and the check would fail for a reason that is not in the answer.
  if (typeof check.value === 'string' && check.value.includes('{{'))
    throw refused(
      `The value of ${check.path} holds {{, which a check reads as a variable, so it was not added: write this check by hand in the YAML (for example with matches).`,
    );
  const kind = step.has('request')
    ? 'request'
    : step.has('expect-delivery')
      ? 'expect-delivery'
      : null;
  if (!kind)
    throw refused(
      `${where} is neither a request nor an expect-delivery step, so it has no answer or data to check: pick a field of one of those.`,
    );
  const spliced = trySplice(() => splicedCheck(text, step, CHECK_PLACES[kind], check));
  const [outer, inner] = CHECK_PLACES[kind];
  mapAt(doc, mapAt(doc, step, outer, where), inner, where).set(
    check.path,
    doc.createNode(checkValue(check)),
  );
  return { text: textOf(doc, spliced), stepName, kind };
}
