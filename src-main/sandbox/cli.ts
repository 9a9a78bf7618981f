// `npm run sandbox -- [--port N] [--json]`: the sandbox platform on its own.
import { parseArgs } from 'node:util';
import { startSandbox } from './index';

const { values } = parseArgs({
  options: { port: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not ${values.port}.`);
  process.exit(2);
}
const sandbox = await startSandbox({ port });
if (values.json) {
  console.log(JSON.stringify({ baseUrl: sandbox.baseUrl, apps: sandbox.apps }));
} else {
  console.log(`Sandbox platform listening on ${sandbox.baseUrl}`);
  for (const app of sandbox.apps) console.log(`  app ${app.name}: client_id ${app.client_id}`);
}
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
