// Whether a host name is this machine (what the endpoint check may send to without asking, and
// where plain HTTP may carry a secret): shared so that the app asks before the engine refuses.

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether a URL's host is this machine; false for what is not a URL at all. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
