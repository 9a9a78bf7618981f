// The catalog as the composer tests see it, and the sandbox's vCard check (the same one the
// composer validates with).
export { ENDPOINTS, MSG_TYPES } from '../../../../src-shared/spec';
export { vcardProblem as vcardProblemForTests } from '../../../../src-shared/spec/vcard-check';
