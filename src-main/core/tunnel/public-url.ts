// The receiver's public URL: the tunnel's while one is in use (or the person's own), else none.
// The tunnel exposes the receiver, so it is made after it (it needs the receiver's local URL), and
// the receiver needs the public URL back (a forward there would loop: inbound/forward-guard.ts).
// Rather than one holding the other, both hold this: the tunnel writes it, the receiver reads it.

export interface PublicUrl {
  /** The URLs on which the receiver is reachable from outside now: never a forward target. */
  urls(): string[];
  /** The tunnel's public URL changed (undefined: there is none now). */
  set(url: string | undefined): void;
}

export function createPublicUrl(): PublicUrl {
  let current: string | undefined;
  return {
    urls: () => (current ? [current] : []),
    set(url) {
      current = url;
    },
  };
}
