// A webhook handler that keeps the platform's delivery contract (docs/endpoint-check.md): it
// verifies the signature (verify.mjs), refuses what does not verify (401), answers 2xx at once to
// every delivery it verifies (whatever its type, known or not), and acts on each delivery id once.
//   CLIENT_SECRET=… node examples/handlers/correct.mjs --port 3000
//   SIGNATURE_METHOD=RSA-SHA256 RSA_PUBLIC_KEY_FILE=signing-key.pem node … (an RSA-SHA256 app)
import { serve } from './serve.mjs';
import { appSigning, verified } from './verify.mjs';

const signing = appSigning();

// Delivery ids already handled: the platform sends a delivery again when an answer is lost or
// late. A real app keeps them in its database (a unique key); a bounded set is enough here.
const seen = new Set();
/** @param {string} id */
const firstTime = (id) => {
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > 10_000) seen.delete(seen.values().next().value);
  return true;
};

serve('correct', (form, req, res) => {
  if (!verified(form, signing)) return res.writeHead(401).end('signature does not verify');
  let event;
  try {
    event = JSON.parse(form.get('data') ?? '');
  } catch {
    return res.writeHead(400).end('data is not JSON');
  }
  // Answer first; the work (a queue, the database) comes after, within no deadline.
  res.writeHead(200).end('ok');
  if (typeof event?.id !== 'string' || !firstTime(event.id)) return;
  // Known types are handled here; anything else is ignored: the platform adds new ones.
});
