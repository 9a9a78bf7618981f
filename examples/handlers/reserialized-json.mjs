// The classic bug: the framework parsed `data` as JSON, and the handler signs what it gets back
// out, JSON.stringify(JSON.parse(data)): other bytes whenever the platform's JSON has a \u escape,
// an escaped slash, a space between tokens or a number written 1.0. Those deliveries are refused.
//   CLIENT_SECRET=… node examples/handlers/reserialized-json.mjs --port 3000
import { createHmac } from 'node:crypto';
import { clientSecret, serve } from './serve.mjs';

const secret = clientSecret();

serve('reserialized-json', (form, req, res) => {
  const event = JSON.parse(form.get('data') ?? '');
  const bytes = JSON.stringify(event); // BUG: not the bytes that were signed
  const expected = createHmac('sha256', secret).update(bytes, 'utf8').digest('hex');
  if (form.get('signature') !== expected) return res.writeHead(401).end('bad signature');
  res.writeHead(200).end('ok');
});
