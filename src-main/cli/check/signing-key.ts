// RSA-SHA256 from the command line. The platform signs such deliveries with its private key and a
// handler verifies with the public half, which it reads when it starts: before the check. A fresh
// sandbox makes a new key pair at every run, which no handler can hold, so `tp check` signs
// RSA-SHA256 with a key the developer made once and gives with --signing-key (the handler gets its
// public half). Read and checked here, so a wrong file is said in words before anything starts.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../args';

/** How to make the pair, said wherever a key is missing or wrong. */
const MAKE_A_KEY_PAIR =
  'Make a key pair once: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out platform-key.pem, then openssl pkey -in platform-key.pem -pubout -out signing-key.pem; give your handler signing-key.pem (RSA_PUBLIC_KEY_FILE for examples/handlers) and tp check --signing-key platform-key.pem.';

/** Refuses RSA-SHA256 without a key the handler can know (no --signing-key, no saved profile). */
export function requireSigningKey(method: string | undefined, args: { signingKey?: string }): void {
  if (method !== 'RSA-SHA256' || args.signingKey !== undefined) return;
  throw new UsageError(
    `RSA-SHA256 deliveries are signed with the platform's private key, and the check's fresh sandbox would make a new one your handler cannot know. ${MAKE_A_KEY_PAIR}`,
  );
}

/** The PEM of the RSA private key in `file` (from `cwd`), or a UsageError saying what is wrong. */
export async function readSigningKey(file: string, cwd: string): Promise<string> {
  let pem: string;
  try {
    pem = await readFile(resolve(cwd, file), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--signing-key ${file}: ${code === 'ENOENT' ? 'there is no such file' : `it cannot be read (${code ?? String(err)})`}. ${MAKE_A_KEY_PAIR}`,
    );
  }
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return key.export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    const isPublic = (() => {
      try {
        createPublicKey(pem);
        return true;
      } catch {
        return false;
      }
    })();
    throw new UsageError(
      isPublic
        ? `--signing-key ${file} is a public key: the check signs with the private key (platform-key.pem), and your handler verifies with the public one. ${MAKE_A_KEY_PAIR}`
        : `--signing-key ${file} is not an RSA private key in PEM. ${MAKE_A_KEY_PAIR}`,
    );
  }
}
