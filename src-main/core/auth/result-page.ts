// The page the browser shows after the redirect: plain, readable in light and dark.
import type { ServerResponse } from 'node:http';
const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function resultPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
<title>${escape(title)} · TP Inspector</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1rem}h1{font-size:1.4rem}</style>
</head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}

/**
 * Answers with the result page. A page for a browser that anyone may have sent here: no script, no
 * caching, no referrer; the loopback redirect's answer also closes its connection, so the
 * short-lived server can stop at once.
 */
export function sendResultPage(
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
  { closeConnection = false } = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    ...(closeConnection ? { connection: 'close' } : {}),
  });
  res.end(resultPage(title, message));
}
