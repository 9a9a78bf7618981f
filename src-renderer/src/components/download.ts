// Hands content to the person as a file download, without a round trip through a server: the
// Electron window and the headless host's page alike. Used by every export (HAR, contacts, profiles,
// sessions).

export interface DownloadableFile {
  filename: string;
  mimeType: string;
  content: string;
}

export function downloadFile(file: DownloadableFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: the download may read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
