// How a delivery is signed (docs/sandbox.md, Deliveries): lowercase hex HMAC-SHA256 / HMAC-SHA1 of
// the exact `data` string (UTF-8) keyed with the app's client_secret, or base64 RSA-SHA256 (PKCS#1
// v1.5) with the platform's private key. One signer for the sandbox, which plays the platform, and
// the engine's endpoint check, which sends deliveries as the platform would. src-shared takes no
// Node built-in (it runs in the page too), so the caller hands in node:crypto: it fits this shape.

/** The part of node:crypto the signer uses. */
interface SigningCrypto {
  createHmac(
    algorithm: string,
    key: string,
  ): { update(data: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
  createSign(algorithm: string): {
    update(
      data: string,
      encoding: 'utf8',
    ): { sign(privateKeyPem: string, encoding: 'base64'): string };
  };
}

interface SigningKeys {
  clientSecret: string;
  /** Asked only for RSA-SHA256 (making a key costs tens of milliseconds). */
  rsaPrivateKeyPem: () => string;
}

/** The `signature` of `data` by `method`; an unknown method signs as the default, HMAC-SHA256. */
export function signDelivery(
  crypto: SigningCrypto,
  method: string,
  data: string,
  keys: SigningKeys,
): string {
  switch (method) {
    case 'HMAC-SHA1':
      return crypto.createHmac('sha1', keys.clientSecret).update(data, 'utf8').digest('hex');
    case 'RSA-SHA256':
      return crypto
        .createSign('RSA-SHA256')
        .update(data, 'utf8')
        .sign(keys.rsaPrivateKeyPem(), 'base64');
    default:
      return crypto.createHmac('sha256', keys.clientSecret).update(data, 'utf8').digest('hex');
  }
}
