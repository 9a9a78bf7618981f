// Whether anything listens at the handler's URL before the load starts, so that a handler not
// running is one clear refusal (tp load exits 2) rather than thousands of connection errors. An
// https URL is probed as the endpoint check probes it (its certificate judged on the way).
import { connect } from 'node:net';
import { probeCertificate, type CertificateVerdict } from '../endpoint-check';

const PROBE_TIMEOUT_MS = 5000;

export function probeHandler(url: string): Promise<CertificateVerdict> {
  const target = new URL(url);
  if (target.protocol === 'https:') return probeCertificate(url);
  return new Promise((done) => {
    const socket = connect({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port || 80),
    });
    const finish = (verdict: CertificateVerdict) => {
      socket.destroy();
      done(verdict);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () =>
      finish({ kind: 'unreachable', reason: `no connection within ${PROBE_TIMEOUT_MS / 1000} s` }),
    );
    socket.once('connect', () => finish({ kind: 'not-https' }));
    socket.once('error', (err) => finish({ kind: 'unreachable', reason: err.message }));
  });
}
