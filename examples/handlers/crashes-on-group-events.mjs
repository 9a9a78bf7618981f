// The classic bug: written against messages and the group invite only. Another group event
// (a participant joining or leaving, a subject change) reads fields that are not there and
// crashes (500); the contact's removal takes the process's connection down with it.
//   CLIENT_SECRET=… node examples/handlers/crashes-on-group-events.mjs --port 3000
import { serve } from './serve.mjs';
import { appSigning, verified } from './verify.mjs';

const signing = appSigning();

serve('crashes-on-group-events', (form, req, res) => {
  if (!verified(form, signing)) return res.writeHead(401).end('signature does not verify');
  const event = JSON.parse(form.get('data') ?? '');
  if (event.type === 'group-remove') return req.socket.destroy(); // BUG: drops the connection
  if (event.type.startsWith('group-') && event.type !== 'group-invite') {
    // BUG: every group event is taken for an invite, whose data has no `member`
    const names = event.data.invitees.map((/** @type {{ id: string }} */ o) => o.id);
    console.log(`invited ${names.join(', ')}`);
  }
  res.writeHead(200).end('ok');
});
