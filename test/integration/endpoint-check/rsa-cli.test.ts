// tp check without a profile, RSA-SHA256: the fresh sandbox signs with the key given to
// --signing-key, and a handler holding its public half (RSA_PUBLIC_KEY_FILE) verifies. Without a
// key, or given the public half, the command says how to make the pair (exit 2); a sample handler
// asked for RSA-SHA256 without a key file says where the key comes from instead of an ENOENT.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EndpointCheckReport } from '../../../src-shared/contract';
import { runTp } from '../../helpers/tp-cli';
import { HANDLERS, startSampleHandler, type SampleHandler } from './sample-handler';

const dir = mkdtempSync(join(tmpdir(), 'tp-check-rsa-'));
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateFile = join(dir, 'platform-key.pem');
const publicFile = join(dir, 'signing-key.pem');
writeFileSync(privateFile, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(publicFile, pair.publicKey.export({ type: 'spki', format: 'pem' }));
const RSA = ['--signature-method', 'RSA-SHA256'];

let handler: SampleHandler | undefined;
afterEach(async () => {
  await handler?.stop();
  handler = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rsaHandler = () =>
  startSampleHandler('correct', {
    SIGNATURE_METHOD: 'RSA-SHA256',
    RSA_PUBLIC_KEY_FILE: publicFile,
  });

describe('tp check --signature-method RSA-SHA256 without a profile', () => {
  it('signs with --signing-key, which a handler holding its public half verifies', async () => {
    handler = await rsaHandler();
    const run = await runTp(
      [
        'check',
        handler.url,
        ...RSA,
        '--signing-key',
        privateFile,
        '--only',
        'accepts.text,accepts.group-invite,signature.,refuses.',
        '--reporter',
        'json',
      ],
      { cwd: HANDLERS },
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as EndpointCheckReport;
    expect(report.signatureMethod).toBe('RSA-SHA256');
    expect(Object.fromEntries(report.checks.map((c) => [c.id, c.outcome]))).toMatchObject({
      'accepts.text': 'pass',
      'accepts.group-invite': 'pass',
      'signature.rsa-sha256': 'pass',
      'refuses.other-secret': 'pass',
      'refuses.other-method': 'pass',
    });
    expect(run.stdout + run.stderr).not.toContain('PRIVATE KEY');
  });

  it('without --signing-key, says how to make a key pair the handler can hold (exit 2)', async () => {
    handler = await rsaHandler();
    const run = await runTp(['check', handler.url, ...RSA], { cwd: HANDLERS });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('would make a new one your handler cannot know');
    expect(run.stderr).toContain('openssl genpkey -algorithm RSA');
    expect(run.stderr).not.toContain('Checking');
  });

  it('refuses the public half, or no file, in words', async () => {
    const pub = await runTp(
      ['check', 'http://127.0.0.1:9/hook', ...RSA, '--signing-key', publicFile],
      {
        cwd: HANDLERS,
      },
    );
    expect(pub.code).toBe(2);
    expect(pub.stderr).toContain(`--signing-key ${publicFile} is a public key`);
    const missing = await runTp(
      ['check', 'http://127.0.0.1:9/hook', ...RSA, '--signing-key', 'nope.pem'],
      { cwd: HANDLERS },
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--signing-key nope.pem: there is no such file');
  });

  it('a sample handler asked for RSA-SHA256 without a key file says where the key comes from', async () => {
    const started = startSampleHandler('correct', { SIGNATURE_METHOD: 'RSA-SHA256' });
    await expect(started).rejects.toThrow(
      /set RSA_PUBLIC_KEY_FILE to its PEM file \(the embedded sandbox serves its own at \/_sandbox\/signing-key\.pem/,
    );
    const missing = startSampleHandler('correct', {
      SIGNATURE_METHOD: 'RSA-SHA256',
      RSA_PUBLIC_KEY_FILE: join(dir, 'none.pem'),
    });
    await expect(missing).rejects.toThrow(
      /none\.pem: there is no such file\. Give the platform's public key/,
    );
  });
});
