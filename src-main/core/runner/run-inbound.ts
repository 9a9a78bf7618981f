// A run's inbound set-up (collection.yaml's or a scenario's `inbound`, format.ts): forward targets
// and response control laid over the profile's own settings while the run (or the scenario) runs,
// then taken off, so the person's settings are theirs again whatever the run's outcome. The layer
// is never saved (inbound-settings.ts, setRunLayer): a run that dies leaves nothing behind.
// A forward target sends every delivery of the run (users' messages) to its URL: one that is not
// on this machine is asked about as a change to a platform is, and --yes answers it on the command
// line (docs/security.md, "Running a collection you did not write").
import type { InboundSetup } from '../../../src-shared/collections/format';
import { isLoopbackHost } from '../api';
import type { LoadedCollection } from '../collections';
import type { RunInboundLayer, InboundService } from '../inbound';
import type { Journal } from '../log';
import { durationWords } from './step-context';

export type InboundAccess = Pick<InboundService, 'settings' | 'whyReceiver'>;

/** The setting layer of a set-up: only what it names. */
export function inboundLayer(setup: InboundSetup): RunInboundLayer {
  const layer: RunInboundLayer = {};
  const r = setup.response;
  if (r) {
    const response: RunInboundLayer['response'] = {};
    if (r.status !== undefined) response.status = r.status;
    if (r.body !== undefined) response.body = r.body;
    if (r.content_type !== undefined) response.contentType = r.content_type;
    if (r.delay !== undefined) response.delayMs = Math.round(r.delay);
    if (r.failure_rate !== undefined) response.failureRate = r.failure_rate;
    if (r.failure_status !== undefined) response.failureStatus = r.failure_status;
    if (r.reject_unverified !== undefined) response.rejectUnverified = r.reject_unverified;
    layer.response = response;
  }
  if (setup.forward || setup.forward_timeout !== undefined) {
    const forwards: RunInboundLayer['forwards'] = {};
    if (setup.forward) {
      // The run's targets replace the profile's: the person's own servers get none of the run's
      // deliveries, and the run's own forward exactly where its file says.
      forwards.targets = setup.forward.map((t) => t.url);
      forwards.forwardUnverified = setup.forward.filter((t) => t.unverified).map((t) => t.url);
    }
    if (setup.forward_timeout !== undefined)
      forwards.timeoutMs = Math.max(1, Math.round(setup.forward_timeout));
    layer.forwards = forwards;
  }
  return layer;
}

/** A scenario's set-up over the run's: its response fields win, its forward list replaces. */
export function mergeSetups(
  run: InboundSetup | undefined,
  scenario: InboundSetup | undefined,
): InboundSetup | undefined {
  if (!run || !scenario) return scenario ?? run;
  return {
    ...run,
    ...scenario,
    ...(run.response || scenario.response
      ? { response: { ...run.response, ...scenario.response } }
      : {}),
  };
}

/** A set-up in words, for the run's records: what the receiver does while it is in force. */
export function setupWords(setup: InboundSetup): string {
  const parts: string[] = [];
  if (setup.forward) {
    parts.push(
      setup.forward.length === 0
        ? 'forwards nowhere'
        : `forwards to ${setup.forward.map((t) => `${t.url}${t.unverified ? ' (unverified too)' : ''}`).join(', ')}`,
    );
  }
  if (setup.forward_timeout !== undefined)
    parts.push(`gives a forward ${durationWords(setup.forward_timeout)}`);
  const r = setup.response;
  if (r) {
    const answer: string[] = [];
    if (r.status !== undefined) answer.push(`status ${r.status}`);
    if (r.body !== undefined) answer.push(`body ${JSON.stringify(r.body.slice(0, 80))}`);
    if (r.content_type !== undefined) answer.push(`content type ${r.content_type}`);
    if (r.delay !== undefined) answer.push(`after ${durationWords(r.delay)}`);
    if (r.failure_rate !== undefined)
      answer.push(`${r.failure_rate * 100}% answered ${r.failure_status ?? 'a failure'}`);
    else if (r.failure_status !== undefined) answer.push(`failures ${r.failure_status}`);
    if (r.reject_unverified !== undefined)
      answer.push(r.reject_unverified ? '401 to unverified' : 'unverified accepted');
    if (answer.length > 0) parts.push(`answers with ${answer.join(', ')}`);
  }
  return parts.length > 0 ? parts.join('; ') : 'nothing changed';
}

/** The targets of a set-up that are not on this machine, by how the URL names its host. */
export function offMachineTargets(setup: InboundSetup | undefined): string[] {
  return (setup?.forward ?? [])
    .map((t) => t.url)
    .filter((url) => !URL.canParse(url) || !isLoopbackHost(new URL(url).hostname));
}

/**
 * Every forward target of the collection and its scenarios that is this receiver, as a problem
 * line (`flow.yaml: inbound.forward.0: ...`): such a run would loop, so it does not start.
 */
export async function receiverTargets(
  collection: LoadedCollection,
  whyReceiver: InboundAccess['whyReceiver'],
): Promise<string[]> {
  const owners = [
    { file: 'collection.yaml', setup: collection.inbound },
    ...collection.scenarios.map((s) => ({ file: s.path, setup: s.scenario?.inbound })),
  ];
  const refused: string[] = [];
  for (const { file, setup } of owners) {
    for (const [i, target] of (setup?.forward ?? []).entries()) {
      const why = await whyReceiver(target.url);
      if (why)
        refused.push(
          `${file}: inbound.forward.${i}: ${target.url} is this receiver (${why}): a delivery forwarded there would come back and be forwarded again for ever. Forward to your own server's URL instead (another port or host).`,
        );
    }
  }
  return refused;
}

/** A set-up's layer with its words, as the Inbound tab shows it while it is in force. */
const laidLayer = (setup: InboundSetup) => ({ ...inboundLayer(setup), words: setupWords(setup) });

/** Lays set-ups over one profile's settings for a run, and writes each change in its records. */
export function runInboundScope(
  deps: { inbound: InboundAccess; journal: Journal },
  profile: { id: string; name: string },
) {
  const record = (summary: string, message: string) =>
    deps.journal.append({
      kind: 'system',
      summary,
      profileId: profile.id,
      system: { level: 'info', message },
    });
  return {
    /**
     * Lays `setup` over the profile's settings, once `ask` agreed to any target off this machine;
     * false when it did not (nothing is laid then).
     */
    async enter(setup: InboundSetup, scope: string, ask: (question: string) => Promise<boolean>) {
      const away = offMachineTargets(setup);
      const agreed =
        away.length === 0 ||
        (await ask(
          `${scope[0]!.toUpperCase()}${scope.slice(1)} forwards every delivery to ${away.join(', ')}, off this machine: the messages of "${profile.name}"'s users go there. Go on with the run, or stop it?`,
        ));
      if (!agreed) return false;
      deps.inbound.settings.setRunLayer(profile.id, laidLayer(setup));
      record(
        `Inbound set-up for ${scope}: ${setupWords(setup)}`,
        `While ${scope} runs, the receiver of "${profile.name}" ${setupWords(setup)} (the profile's saved settings are not changed).`,
      );
      return true;
    },
    /** Back to `previous` (the run's set-up) or, with none, to the profile's own settings. */
    restore(previous: InboundSetup | undefined, scope: string) {
      deps.inbound.settings.setRunLayer(profile.id, previous ? laidLayer(previous) : null);
      record(
        `Inbound set-up of ${scope} taken off`,
        previous
          ? `${scope} has ended: the receiver of "${profile.name}" is back to the run's set-up (${setupWords(previous)}).`
          : `${scope} has ended: the receiver of "${profile.name}" forwards and answers as its own settings say again.`,
      );
    },
  };
}
