// Where the window may load images from, one directive for every copy of the renderer's
// Content-Security-Policy (the Electron shell's, the headless host's, the meta tag of
// src-renderer/index.html). Images are avatars and media previews the platform names by URL: the
// real platform's over https, the embedded sandbox's from its loopback origin over plain http
// (docs/sandbox.md, Media and the sandbox's origin). Plain http anywhere else is refused: an image
// fetched in clear over the network can be read or swapped by whoever is on the path. The port is
// a wildcard because the sandbox's port is chosen at start, and the meta tag is written at build
// time.
export const IMG_SRC_DIRECTIVE =
  "img-src 'self' data: https: http://127.0.0.1:* http://localhost:*";
