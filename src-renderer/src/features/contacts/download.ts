// Hands a file's content to the browser as a download (the Electron window and the headless host's
// page alike), without a round trip through a server.
export function downloadFile(file: { filename: string; mimeType: string; content: string }) {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  a.click();
  // The click has handed the blob to the download by the time the next task runs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
