// A picked file's bytes as base64, the form in which the composer and the simulator hand a file
// to the engine.
export function base64Of(buffer: ArrayBuffer): string {
  // In slices: String.fromCharCode with a whole file's bytes overflows the argument stack.
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
