// The platform's modifier key, for shortcuts as people read them: ⌘ on a Mac, Ctrl elsewhere.
// Handlers accept both (ctrlKey || metaKey); only the words differ.
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "⌘" or "Ctrl", as shown in hints and placeholders. */
export const MOD_KEY = isMac ? '⌘' : 'Ctrl';

/** "Meta" or "Control", as aria-keyshortcuts takes it. */
export const MOD_KEY_ARIA = isMac ? 'Meta' : 'Control';
