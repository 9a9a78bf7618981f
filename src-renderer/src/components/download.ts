// Hands content to the person as a file download, without a round trip through a server: the
// Electron window and the headless host's page alike. Used by the exports made in the page (HAR,
// contacts, profiles); a session is saved through bridge.saveExport, streamed, of any size.

interface DownloadableFile {
  filename: string;
  mimeType: string;
  content: string;
}

/** Starts the browser's download of `url`; an empty name takes the answer's Content-Disposition. */
export function startDownload(url: string, filename = ''): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}

export function downloadFile(file: DownloadableFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  startDownload(url, file.filename);
  // Revoked later: the download may read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
