// The engine behind a page, for test setup the UI under test is not there to do (connecting a user
// without a browser tab, adding a contact): commands over the page's own WebSocket, so the session
// cookie is the page's.
import type { Page } from 'playwright-core';
import type {
  CommandErrorShape,
  CommandInput,
  CommandName,
  CommandOutput,
} from '../../../src-shared/contract';
import { answerConsent } from '../../helpers/sandbox-client';
import type { RunningHost } from './host';

type EngineAnswer<K extends CommandName> =
  { ok: true; output: CommandOutput<K> } | { ok: false; error: CommandErrorShape };

/** One command, answered as the WebSocket carries it: its output or its error. */
async function engineAnswer<K extends CommandName>(
  page: Page,
  command: K,
  input: CommandInput<K>,
): Promise<EngineAnswer<K>> {
  const request = JSON.stringify({ id: 1, command, input });
  // A string expression: the test tsconfig has no DOM types; the browser evaluates it.
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    ws.onopen = () => ws.send(${JSON.stringify(request)});
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.id !== 1) return;
      ws.close();
      resolve(msg);
    };
    ws.onerror = () => reject(new Error('the WebSocket to the engine failed'));
  })`)) as EngineAnswer<K>;
}

/** One command's output; its error, if any, thrown with the engine's words. */
export async function engineCall<K extends CommandName>(
  page: Page,
  command: K,
  input: CommandInput<K>,
): Promise<CommandOutput<K>> {
  const answer = await engineAnswer(page, command, input);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.output;
}

/** port_in_use: another host holds the shared redirect port; flow_in_progress: a flow ending. */
const RETRY_CODES = new Set(['port_in_use', 'flow_in_progress']);

/**
 * Connects a sandbox user to the engine behind the page: the engine starts the flow, the
 * simulator plays the user's approval (POST /_sandbox/authorize), the redirect is followed to the
 * engine's loopback, and the flow is waited for until the user is connected.
 */
export async function connectUser(page: Page, running: RunningHost, userId: string) {
  // Every host's sandbox profile has the same loopback redirect URI, so another test file
  // connecting a user at this moment holds its port: try again for a while.
  let flow: CommandOutput<'auth.connectUser'> | null = null;
  for (let attempt = 1; flow === null; attempt++) {
    const answer = await engineAnswer(page, 'auth.connectUser', {
      scopes: ['basic'],
      openBrowser: false,
    });
    if (answer.ok) flow = answer.output;
    else if (!RETRY_CODES.has(answer.error.code) || attempt >= 30) {
      throw new Error(`auth.connectUser failed (attempt ${attempt}): ${answer.error.message}`);
    } else await page.waitForTimeout(700);
  }
  const sandbox = { baseUrl: running.ready.sandbox };
  const redirect = await answerConsent(sandbox, flow.consentUrl, userId, 'approve');
  await (await fetch(redirect)).text();
  // The code is exchanged after the redirect is answered: wait for the flow to end.
  for (let i = 0; i < 150; i++) {
    const now = await engineCall(page, 'auth.flow', {});
    if (now?.status === 'connected' && now.userId === userId) return;
    if (now && now.status !== 'waiting' && now.status !== 'exchanging') {
      throw new Error(`Connecting ${userId} ended ${now.status}: ${now.error}`);
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`${userId} was not connected within 15 s`);
}
