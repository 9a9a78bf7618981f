// A self-signed certificate for serving the sandbox over HTTPS on loopback
// (docs/sandbox.md, HTTPS): made at start, for 127.0.0.1 and localhost.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  bits,
  explicit,
  implicitPrimitive,
  int,
  nul,
  octets,
  oid,
  seq,
  set,
  utcTime,
  utf8,
} from './der';

interface SelfSigned {
  keyPem: string;
  certPem: string;
}

const SHA256_WITH_RSA = seq(oid('1.2.840.113549.1.1.11'), nul());

export function selfSignedCertificate(commonName = 'TP Inspector sandbox'): SelfSigned {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const name = seq(set(seq(oid('2.5.4.3'), utf8(commonName))));
  // Real time, not the sandbox's clock: TLS clients judge the certificate by their own clocks.
  const now = Date.now();
  const altNames = seq(
    implicitPrimitive(2, Buffer.from('localhost', 'ascii')),
    implicitPrimitive(7, Buffer.from([127, 0, 0, 1])),
  );
  const extensions = explicit(
    3,
    seq(
      seq(oid('2.5.29.17'), octets(altNames)),
      // Not a CA; used for TLS server authentication.
      seq(oid('2.5.29.19'), octets(seq())),
      seq(oid('2.5.29.37'), octets(seq(oid('1.3.6.1.5.5.7.3.1')))),
    ),
  );
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const tbs = seq(
    explicit(0, int(2)),
    int(serial),
    SHA256_WITH_RSA,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 365 * 24 * 3600 * 1000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, SHA256_WITH_RSA, bits(signature));
  const body = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return {
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certPem: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`,
  };
}
