// Where the keyboard focus goes when the composer's view changes under it (a send's answer, a
// reopened call, a refusal): never to the page, and never taken from a person working elsewhere.

/**
 * Whether the focus is in the composer (the pane holding `inside`), or on nothing: the page has it
 * when its element was unmounted or disabled (the form's field when the view switched, "Send" while
 * it waits). Only then may the composer move it.
 */
export function focusIsOursOrLost(inside: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return (inside.closest('section') ?? inside).contains(active);
}

/** The first field of the form in `panel` a person can type in or pick from. */
export function firstField(panel: HTMLElement): HTMLElement | null {
  return panel.querySelector<HTMLElement>(
    [
      'input:not([type="hidden"]):not(:disabled):not([readonly])',
      'select:not(:disabled)',
      'textarea:not(:disabled):not([readonly])',
    ].join(', '),
  );
}
