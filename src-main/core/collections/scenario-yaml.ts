// Writes a scenario as YAML with one stable key order (the order of the format's schemas), so a
// file saved twice is the same file and a change shows in a diff as the lines that changed.
import { yaml } from '../common/lazy-packages';
import {
  CheckEndpointStep,
  ConnectUserStep,
  ExpectDeliveryStep,
  ExpectForwardStep,
  RequestStep,
  ResponseExpect,
  SimulateStep,
  STEP_KINDS,
  type ScenarioInput,
} from '../../../src-shared/collections/format';

const FILE_KEYS = ['name', 'description', 'variables', 'inbound', 'steps'];
const STEP_KEYS = ['name', 'always', ...STEP_KINDS, 'expect', 'capture'];
const KIND_KEYS: Record<string, string[]> = {
  request: Object.keys(RequestStep.shape),
  'expect-delivery': Object.keys(ExpectDeliveryStep.shape),
  'expect-forward': Object.keys(ExpectForwardStep.shape),
  simulate: Object.keys(SimulateStep.shape),
  'connect-user': Object.keys(ConnectUserStep.shape),
  'check-endpoint': Object.keys(CheckEndpointStep.shape),
  expect: Object.keys(ResponseExpect.shape),
};

/** The object's known keys in `order`, then any others as they came; undefined values dropped. */
function ordered(
  value: Record<string, unknown>,
  order: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [...order, ...Object.keys(value).filter((k) => !order.includes(k))]) {
    if (value[key] !== undefined) out[key] = value[key];
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function orderStep(step: Record<string, unknown>): Record<string, unknown> {
  const out = ordered(step, STEP_KEYS);
  for (const [key, keys] of Object.entries(KIND_KEYS)) {
    const inner = out[key];
    if (isRecord(inner)) out[key] = ordered(inner, keys);
  }
  return out;
}

export function scenarioToYaml(scenario: ScenarioInput): string {
  const file = ordered(scenario as Record<string, unknown>, FILE_KEYS);
  file.steps = scenario.steps.map((step) => orderStep(step as Record<string, unknown>));
  return yaml().stringify(file, { lineWidth: 0, aliasDuplicateObjects: false });
}
