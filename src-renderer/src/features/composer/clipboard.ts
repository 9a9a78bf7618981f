// The clipboard (cURL), saying in words what happened, since a clipboard can refuse (no focus, no
// permission).

/** Copies to the clipboard; answers what happened, in words. */
export async function copyText(text: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return 'Copied to the clipboard.';
  } catch {
    return 'The clipboard refused: select the command below and copy it by hand.';
  }
}
