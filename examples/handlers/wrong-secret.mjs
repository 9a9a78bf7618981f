// The classic bug: the secret the handler verifies with is not the app's. Here it was read from
// a file and kept its trailing newline; a staging secret in production does the same. Every
// genuine delivery is refused, so the platform retries each one and then gives up.
//   CLIENT_SECRET=… node examples/handlers/wrong-secret.mjs --port 3000
import { createHmac, timingSafeEqual } from 'node:crypto';
import { clientSecret, serve } from './serve.mjs';

const secret = `${clientSecret()}\n`; // BUG: as `readFileSync('secret.txt', 'utf8')` gives it

serve('wrong-secret', (form, req, res) => {
  const data = form.get('data') ?? '';
  const expected = createHmac('sha256', secret).update(data, 'utf8').digest();
  const given = Buffer.from(form.get('signature') ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return res.writeHead(401).end('bad signature');
  }
  res.writeHead(200).end('ok');
});
