// The baseline of the sandbox benchmark: a bare node:http server that reads the request body and
// answers a fixed JSON body of the size of a message/send.json answer. Prints its port.
import { createServer } from 'node:http';

const body = JSON.stringify({
  id: 'm7k2m9qa3bcdefgh',
  type: 'text',
  timestamp: String(Date.now()),
  sender: 'acme-orders@acme-orders.apps.platform.test',
  owner: 'u7k2m9qa3bcd@platform.test',
  recipient: 'u7k2m9qa3bcd@platform.test',
  data: { body: 'Your order #1042 has shipped' },
});

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(JSON.stringify({ port: address.port }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
