// The window's guard rails: no navigation away from the app, no new windows (web links go to the
// system browser instead), no webviews, no permissions, and the CSP header on http(s) loads.
import type { Session, WebContents } from 'electron';
import { withCsp } from './csp';
import { isWebUrl, type AppLocation } from './app-url';

/** Session-wide rules: set once, before the window loads anything. */
export function secureSession(session: Session): void {
  session.webRequest.onHeadersReceived(
    { urls: ['http://*/*', 'https://*/*'] },
    (details, callback) => {
      callback({ responseHeaders: withCsp(details.responseHeaders) });
    },
  );
  // The app needs no camera, microphone, notifications, geolocation, clipboard-read, ...:
  // refusing all of them means a compromised page cannot ask for any.
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Per-window rules. `openExternal` receives only http(s) URLs. */
export function secureContents(
  contents: WebContents,
  location: AppLocation,
  openExternal: (url: string) => void,
): void {
  const stayHome = (event: { preventDefault(): void }, url: string) => {
    if (!location.isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isWebUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}
