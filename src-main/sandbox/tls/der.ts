// The few DER (ASN.1) encoders a self-signed X.509 certificate needs. Node can sign but not build
// certificates, and a whole PKI library is a lot for one loopback certificate.
const tlv = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  let len: Buffer;
  if (n < 0x80) len = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, content]);
};

export const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
export const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
export const nul = () => Buffer.from([0x05, 0x00]);
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
export const octets = (b: Buffer) => tlv(0x04, b);
export const bits = (b: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), b]));
export const explicit = (n: number, inner: Buffer) => tlv(0xa0 + n, inner);
export const implicitPrimitive = (n: number, content: Buffer) => tlv(0x80 + n, content);

export function int(value: Buffer | number): Buffer {
  let b = typeof value === 'number' ? Buffer.from([value]) : value;
  // DER integers are signed: a set high bit needs a leading zero to stay positive.
  if ((b[0] ?? 0) & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const out = [40 * (arcs[0] ?? 0) + (arcs[1] ?? 0)];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128))
      chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

export function utcTime(date: Date): Buffer {
  const p = (n: number) => n.toString().padStart(2, '0');
  const s = `${p(date.getUTCFullYear() % 100)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`;
  return tlv(0x17, Buffer.from(s, 'ascii'));
}
