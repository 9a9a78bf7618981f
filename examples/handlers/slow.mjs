// The classic bug: the handler does its work (calls to other services) before it answers, and
// answers after the platform's 10 s deadline: the platform counts every delivery as failed and
// sends it again. SLOW_MS sets the delay (default 12000).
//   CLIENT_SECRET=… node examples/handlers/slow.mjs --port 3000
import { serve } from './serve.mjs';
import { appSigning, verified } from './verify.mjs';

const signing = appSigning();

const delayMs = Number(process.env.SLOW_MS ?? 12_000);

serve('slow', async (form, req, res) => {
  if (!verified(form, signing)) return res.writeHead(401).end('signature does not verify');
  await new Promise((done) => setTimeout(done, delayMs)); // BUG: the work before the answer
  res.writeHead(200).end('ok');
});
