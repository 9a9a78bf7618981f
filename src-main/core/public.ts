// The engine's public face, beside createCore in index.ts (which re-exports this file): the only
// part of src-main/core a host (headless/, cli/, electron/, index.ts, host-start/) may import, as
// the lint enforces (eslint.config.js, engineEntryOnly). Everything else in the engine may change
// shape without a host noticing; a host that needs more adds it here, with its reason.

// What a host gives the engine, and the engine's handle back to it.
export type { Core } from './core';
export {
  unavailableSealer,
  type CoreHost,
  type SecretSealer,
  type SettingsStore,
} from './host-interface';

// The data folder every host shares, its lock, and what it holds that a host reads at start-up.
export { adoptOlderData, defaultDataDir, type AdoptedData } from './common/data-folder';
export { lockDataFolder, type FolderHolderKind } from './common/data-folder-lock';
export { storedSandboxSecret } from './profiles/profile-store';
export { PLAIN_SECRETS_FILE } from './secrets/secret-vault';
export { writeExportFile } from './log/export-file';

// The command line checks its arguments with the engine's own rules before it starts an engine.
export { isLoopbackHost } from './api/transport-policy';
export { loadCollection } from './collections/load-collection';
export { isInside } from './collections/collection-paths';
export { loadKinds } from './load/load-deliveries';
// tp load --reporter html draws the summary with the piece a session's HTML report uses for it.
export { loadReportPage } from './log/html-report/load-report-page';

// A collection run from start to end, and the words the command line reports it with.
export { runToEnd } from './runner/run-to-end';
export { offMachineTargets } from './runner/run-inbound';
export { iterationPath, unusedColumnsWarning } from './runner/data/run-iterations';
export { durationWords } from './runner/step-context';

// A collection and a delivery storm as a distributed load engine's script (tp export --format
// artillery|k6): made from the collection as read, nothing started.
export { toArtillery } from './load/export/artillery-export';
export { SCRIPT_ENV } from './load/export/delivery-template';
export { exportedRequests } from './load/export/exported-requests';
export { toK6 } from './load/export/k6-export';
