// A request to the embedded sandbox (loopback) with node:http, for the calls of every start
// (pointing the sandbox app at the receiver) and the sandbox's signing key: global fetch would
// load Node's own copy of undici first, some 70 ms of the start on a busy machine.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

interface SandboxAnswer {
  status: number;
  ok: boolean;
  text: string;
}

const TIMEOUT_MS = 10_000;

export function sandboxRequest(
  url: string,
  { method = 'GET', json }: { method?: string; json?: unknown } = {},
): Promise<SandboxAnswer> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const req = (url.startsWith('https:') ? httpsRequest : httpRequest)(
      url,
      {
        method,
        timeout: TIMEOUT_MS,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
