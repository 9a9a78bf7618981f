// Handing text to the person: a file download (HAR) and the clipboard (cURL), each saying in words
// what happened, since a clipboard can refuse (no focus, no permission).

/** Saves `text` as a file through the browser's download (Electron: its save handling). */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: the download reads the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies to the clipboard; answers what happened, in words. */
export async function copyText(text: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return 'Copied to the clipboard.';
  } catch {
    return 'The clipboard refused: select the command below and copy it by hand.';
  }
}
