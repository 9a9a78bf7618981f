// The contact rules come from the engine's catalog-driven checker (src-shared/rules/contact-rules.ts,
// pure and free of Node), so the form says exactly what contacts.save and the sandbox would refuse.
export {
  checkContact,
  DOCUMENTED_CAPABILITIES,
  parseCapabilities,
} from '../../../../src-shared/rules/contact-rules';
