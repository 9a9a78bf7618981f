// The catalog as the composer tests see it, and the sandbox's vCard check (the same one the
// composer validates with).
export { ENDPOINTS, MSG_TYPES } from '../../../src-main/core/spec';
export { vcardProblem as vcardProblemForTests } from '../../../src-main/core/spec/vcard-check';
