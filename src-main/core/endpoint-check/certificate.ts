// The handler's TLS certificate, judged before any delivery is sent: one handshake that verifies
// the chain and the host name as the engine's HTTP client would, but completes either way, so a
// certificate the platform might refuse is a warning the person reads, not a check that cannot
// run. When it does not hold, the deliveries go over connections that do not verify it.
import { errorText } from '../../../src-shared/contract/errors';
import { connect } from 'node:tls';

export type CertificateVerdict =
  | { kind: 'not-https' }
  | { kind: 'valid'; validTo: string }
  | { kind: 'invalid'; reason: string }
  | { kind: 'unreachable'; reason: string };

const HANDSHAKE_TIMEOUT_MS = 10_000;

/** OpenSSL's and Node's codes for why a certificate does not hold, in words. */
const WHY: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its issuer is unknown: is the intermediate certificate served?',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its issuer is not a trusted authority',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it does not name this host',
};

const inWords = (code: string) => (WHY[code] ? `${WHY[code]}: ${code}` : code);

export function probeCertificate(url: string): Promise<CertificateVerdict> {
  const { protocol, hostname, port } = new URL(url);
  if (protocol !== 'https:') return Promise.resolve({ kind: 'not-https' });
  const host = hostname.replace(/^\[|\]$/g, '');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port: Number(port || 443),
      // SNI takes a name, never an address; the identity check still uses `host`.
      ...(isIp ? {} : { servername: host }),
      rejectUnauthorized: false,
      timeout: HANDSHAKE_TIMEOUT_MS,
    });
    const done = (verdict: CertificateVerdict) => {
      socket.destroy();
      resolve(verdict);
    };
    socket.once('secureConnect', () => {
      if (socket.authorized) {
        done({ kind: 'valid', validTo: socket.getPeerCertificate().valid_to });
      } else {
        const error = socket.authorizationError;
        done({
          kind: 'invalid',
          reason: inWords(errorText(error)),
        });
      }
    });
    socket.once('timeout', () =>
      done({
        kind: 'unreachable',
        reason: `no TLS handshake within ${HANDSHAKE_TIMEOUT_MS / 1000} s`,
      }),
    );
    socket.once('error', (err) => done({ kind: 'unreachable', reason: err.message }));
  });
}
