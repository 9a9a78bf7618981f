// Whether a catalog parameter applies and is required for the values typed so far: what the
// parameter fields (ParamField) of the composer and the simulator mark as required.
import type { ParamCondition, ParamSpec } from '../../../src-shared/spec';

/** Whether the condition holds for these values (no condition: always). */
export function conditionHolds(
  cond: ParamCondition | undefined,
  params: Record<string, string>,
): boolean {
  return cond === undefined || cond.oneOf.includes(params[cond.param] ?? '');
}

/** Whether the parameter is required for these values ("code" only for authorization_code). */
export function isRequired(p: ParamSpec, params: Record<string, string>): boolean {
  return typeof p.required === 'boolean' ? p.required : conditionHolds(p.required, params);
}
