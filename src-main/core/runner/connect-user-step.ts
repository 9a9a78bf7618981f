// A `connect-user` step. On the sandbox: a new platform user, then an otp at the app's directory
// URL, which the engine's receiver turns into a connected user without a browser (auth/otp.ts);
// the step waits until auth.users lists them as connected. Elsewhere the run asks the person to
// connect a user in the Users tab and waits for a newly connected one.
// Captures: user_id; seq (the simulator's record of the otp, on the sandbox).
import type { ConnectUserStep } from '../../../src-shared/collections/format';
import type { ConnectedUser } from '../../../src-shared/contract';
import { durationWords, RunStopped, type StepContext, type StepOutcome } from './step-context';

const SANDBOX_TIMEOUT_MS = 30_000;
const PERSON_TIMEOUT_MS = 5 * 60_000;

/**
 * Resolves with the first connected user `pick` accepts, from auth.users now and then from each
 * auth.usersChanged of the profile; null after `timeoutMs`. `failed` ends the wait early.
 */
function waitForConnected(
  ctx: StepContext,
  pick: (user: ConnectedUser) => boolean,
  timeoutMs: number,
  failedFlow: (userId: string | null) => boolean,
): Promise<ConnectedUser | { failure: string } | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (value: ConnectedUser | { failure: string } | null, err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopUsers();
      stopFlows();
      ctx.signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(value);
    };
    const look = (users: ConnectedUser[]) => {
      const found = users.find((u) => u.status === 'connected' && pick(u));
      if (found) finish(found);
    };
    const stopUsers = ctx.events.on('auth.usersChanged', (e) => {
      if (e.profileId === ctx.profile.id) look(e.users);
    });
    const stopFlows = ctx.events.on('auth.flowChanged', (flow) => {
      if (
        flow.profileId === ctx.profile.id &&
        ['failed', 'timed_out', 'cancelled'].includes(flow.status) &&
        failedFlow(flow.userId)
      )
        finish({
          failure: `The connect flow ${flow.status.replace('_', ' ')}: ${flow.error ?? 'no reason given'}.`,
        });
    });
    const onAbort = () => finish(null, new RunStopped());
    const timer = setTimeout(() => finish(null), timeoutMs);
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    if (ctx.signal.aborted) onAbort();
    ctx
      .invoke('auth.users', { profileId: ctx.profile.id })
      .then((now) => look(now.users))
      .catch(() => undefined);
  });
}

async function onSandbox(ctx: StepContext, step: ConnectUserStep): Promise<StepOutcome> {
  const made = await ctx.invoke('simulator.createUser', {
    profileId: ctx.profile.id,
    name: step.name ?? 'Scenario',
    surname: step.surname ?? 'User',
  });
  const userId = made.user.id;
  const timeoutMs = step.timeout ?? SANDBOX_TIMEOUT_MS;
  const waiting = waitForConnected(
    ctx,
    (u) => u.userId === userId,
    timeoutMs,
    (flowUser) => flowUser === null || flowUser === userId,
  );
  let otpSeq: number;
  try {
    otpSeq = (
      await ctx.invoke('simulator.otp', {
        profileId: ctx.profile.id,
        userId,
        target: 'directory',
      })
    ).seq;
  } catch (err) {
    waiting.catch(() => undefined);
    throw err;
  }
  const connected = await waiting;
  const records = [made.seq, otpSeq];
  if (connected === null || 'failure' in connected)
    return {
      checks: [],
      records,
      source: { values: { user_id: userId } },
      failure: `User ${userId} was not connected within ${durationWords(timeoutMs)} after an otp at the app's directory URL${connected ? `: ${connected.failure}` : ''}. Check the sandbox app's directory URL in the Simulator tab (it must be this profile's).`,
    };
  return {
    checks: [],
    records,
    source: { values: { user_id: userId, seq: String(otpSeq) } },
  };
}

async function byThePerson(ctx: StepContext, step: ConnectUserStep): Promise<StepOutcome> {
  const before = await ctx.invoke('auth.users', { profileId: ctx.profile.id });
  const already = new Set(
    before.users.filter((u) => u.status === 'connected').map((u) => u.userId),
  );
  const timeoutMs = step.timeout ?? PERSON_TIMEOUT_MS;
  ctx.ask(
    `${ctx.place}: connect a user of "${ctx.profile.name}" in the Users tab (Connect user). The run goes on once a newly connected user shows there; it waits up to ${durationWords(timeoutMs)}.`,
  );
  try {
    const connected = await waitForConnected(
      ctx,
      (u) => !already.has(u.userId),
      timeoutMs,
      () => false,
    );
    if (connected === null || 'failure' in connected)
      return {
        checks: [],
        records: [],
        source: { values: {} },
        failure: `No user was connected to "${ctx.profile.name}" within ${durationWords(timeoutMs)}. Connect one in the Users tab while the step waits, or give the step a longer timeout.`,
      };
    return { checks: [], records: [], source: { values: { user_id: connected.userId } } };
  } finally {
    ctx.ask(null);
  }
}

export function runConnectUserStep(ctx: StepContext, step: ConnectUserStep): Promise<StepOutcome> {
  return ctx.sandbox ? onSandbox(ctx, step) : byThePerson(ctx, step);
}
