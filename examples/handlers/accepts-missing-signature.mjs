// The classic bug: the signature is checked when there is one, and a delivery without one is
// taken as it comes. Anyone who knows the URL can then send the app messages.
//   CLIENT_SECRET=… node examples/handlers/accepts-missing-signature.mjs --port 3000
import { createHmac, timingSafeEqual } from 'node:crypto';
import { clientSecret, serve } from './serve.mjs';

const secret = clientSecret();

serve('accepts-missing-signature', (form, req, res) => {
  const data = form.get('data') ?? '';
  const signature = form.get('signature');
  if (signature) {
    const expected = createHmac('sha256', secret).update(data, 'utf8').digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return res.writeHead(401).end('bad signature');
    }
  } // BUG: no signature at all goes through
  JSON.parse(data);
  res.writeHead(200).end('ok');
});
