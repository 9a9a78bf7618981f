// `npm run bench:runner`'s measuring half (bench/runner.mjs builds it to out-bench/, outside the
// app's build, and starts it): one engine on a fresh embedded sandbox, as `tp run` starts it, then
// (a) a scenario of request steps through the runner against the same calls through composer.send
// (the engine's API client, journaled alike), in alternating rounds so that load from elsewhere on
// the machine falls on both; (b) simulate send-message + expect-delivery pairs, each delivery's
// arrival (its record's receivedAt) to its step passing (the runner.changed that says so).
// Prints one JSON line on stdout with the figures. Options (env): BENCH_STEPS (default 200),
// BENCH_ROUNDS (default 15), BENCH_WARMUP_ROUNDS (default 3), BENCH_DELIVERIES (default 200).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommandInput, RunView } from '../../src-shared/contract';
import type { Core } from '../../src-main/core/core';
import { runToEnd } from '../../src-main/core/runner/run-to-end';
import { startCliEngine } from '../../src-main/cli/engine';

const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 3);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 200);
const CONTACT = 'bench-contact';

const SETUP = `name: Setup
steps:
  - name: Ada
    connect-user: { name: Ada, surname: Bench }
    capture: { ada: user_id }
  - name: Ada's contact
    request:
      endpoint: contact.add
      user: '{{ada}}'
      params: { contact_id: ${CONTACT}, display_name: Bench, capabilities: interactive }
    expect: { status: 200 }
`;

const requestScenario = (steps: number) =>
  [
    'name: Requests',
    'steps:',
    ...Array.from({ length: steps }, (_, i) =>
      [
        `  - name: Resources ${i + 1}`,
        '    request:',
        '      endpoint: resource.list',
        "      user: '{{ada}}'",
        '    expect: { status: 200 }',
      ].join('\n'),
    ),
    '',
  ].join('\n');

const deliveryScenario = (pairs: number) =>
  [
    'name: Deliveries',
    'steps:',
    ...Array.from({ length: pairs }, (_, i) =>
      [
        `  - name: Ada writes ${i + 1}`,
        '    simulate:',
        '      action: send-message',
        "      user: '{{ada}}'",
        `      contact: ${CONTACT}`,
        `      params: { text: 'bench ${i + 1} ' }`,
        `  - name: Arrives ${i + 1}`,
        '    expect-delivery:',
        `      match: { kind: message, user: '{{ada}}', text: 'bench ${i + 1} ' }`,
        '      timeout: 10s',
      ].join('\n'),
    ),
    '',
  ].join('\n');

async function runPassing(
  core: Core,
  request: CommandInput<'runner.start'>,
  onChange?: (view: RunView) => void,
): Promise<RunView> {
  const view = await runToEnd(core.invoke, core.events, request, onChange ? { onChange } : {});
  if (view.status !== 'passed') {
    const failed = view.scenarios.flatMap((s) => s.steps).find((s) => s.state === 'failed');
    throw new Error(
      `the bench's run ${view.name} ${view.status}${failed ? `: ${failed.name}: ${failed.failure}` : ''}`,
    );
  }
  return view;
}

/**
 * Per-step milliseconds through the runner and directly, in alternating rounds. Each is timed in
 * its steady state, from the step (or call) at 10% of the round to the one at 90%: a run's fixed
 * cost (its journal session, loading the files) and its first and last steps fall outside, and no
 * figure is the difference of two noisy ones.
 */
async function overhead(core: Core, folder: string, ada: string) {
  const direct: CommandInput<'composer.send'> = {
    endpointId: 'resource.list',
    params: {},
    keepEmpty: [],
    actAs: { kind: 'appForUser', userId: ada },
    force: true,
    // As the runner's steps send: over kept-alive connections, so the ratio is the runner's own.
    connection: 'reuse',
  };
  const from = Math.floor(STEPS / 10);
  const to = STEPS - from;
  type Mark = { wall: number; cpu: number };
  const mark = (): Mark => {
    const used = process.cpuUsage();
    return { wall: performance.now(), cpu: (used.user + used.system) / 1000 };
  };
  /** Wall and CPU milliseconds a step between two marks (CPU: this process, engine and sandbox). */
  const perStep = (start: Mark | undefined, end: Mark | undefined) => {
    if (!start || !end) throw new Error('a round ended before its steady part was timed');
    return {
      wall: (end.wall - start.wall) / (to - from),
      cpu: (end.cpu - start.cpu) / (to - from),
    };
  };
  const runnerRound = async () => {
    const marks = new Map<number, Mark>();
    const whole = mark();
    await runPassing(core, { folder, paths: ['requests.yaml'], variables: { ada } }, (view) => {
      const passed = view.counts.passed;
      if ((passed === from || passed === to) && !marks.has(passed)) marks.set(passed, mark());
    });
    const end = mark();
    return { steady: perStep(marks.get(from), marks.get(to)), wholeWall: end.wall - whole.wall };
  };
  const directRound = async () => {
    let start: Mark | undefined;
    let end: Mark | undefined;
    for (let i = 0; i < STEPS; i++) {
      if (i === from) start = mark();
      if (i === to) end = mark();
      const sent = await core.invoke('composer.send', direct);
      if (sent.record.api.status !== 200)
        throw new Error(`resource.list answered ${sent.record.api.status}`);
    }
    return perStep(start, end);
  };
  // Warm-up: the JIT compiles both paths before either is timed. The runner's path has more code
  // to compile, and V8 goes on optimising it on background threads for a few runs (their CPU
  // counts in this process): one round each left the first timed rounds paying for that.
  for (let i = 0; i < WARMUP_ROUNDS; i++) {
    await directRound();
    await runnerRound();
  }
  const rounds: { runner: Mark; direct: Mark; wholeWall: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating the order: load that comes and goes falls on both sides alike.
    if (round % 2 === 0) {
      const runner = await runnerRound();
      const directly = await directRound();
      rounds.push({ runner: runner.steady, direct: directly, wholeWall: runner.wholeWall });
    } else {
      const directly = await directRound();
      const runner = await runnerRound();
      rounds.push({ runner: runner.steady, direct: directly, wholeWall: runner.wholeWall });
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    runnerMsPerStep: median(rounds.map((r) => r.runner.wall)),
    runnerCpuMsPerStep: median(rounds.map((r) => r.runner.cpu)),
    directMsPerCall: median(rounds.map((r) => r.direct.wall)),
    directCpuMsPerCall: median(rounds.map((r) => r.direct.cpu)),
    // Each round's own ratio: a round that a disk flush or a GC pause fell on moves a sum, not a
    // median.
    medianRatio: median(rounds.map((r) => r.runner.wall / r.direct.wall)),
    medianCpuRatio: median(rounds.map((r) => r.runner.cpu / r.direct.cpu)),
    roundRatios: rounds.map((r) => Number((r.runner.wall / r.direct.wall).toFixed(3))),
    wholeRunMsPerStep: mean(rounds.map((r) => r.wholeWall)) / STEPS,
  };
}

/** Milliseconds from each delivery's arrival to its expect-delivery step passing. */
async function deliveryLatency(core: Core, folder: string, ada: string) {
  const receivedAt = new Map<number, number>();
  const stopLog = core.events.on('log.appended', (record) => {
    if (record.kind === 'delivery')
      receivedAt.set(record.seq, Date.parse(record.delivery.receivedAt));
  });
  const passedAt = new Map<number, number>();
  try {
    await runPassing(core, { folder, paths: ['deliveries.yaml'], variables: { ada } }, (view) => {
      const now = Date.now();
      for (const step of view.scenarios.flatMap((s) => s.steps)) {
        const seq = step.records[0];
        if (step.kind !== 'expect-delivery' || step.state !== 'passed' || seq === undefined)
          continue;
        if (!passedAt.has(seq)) passedAt.set(seq, now);
      }
    });
  } finally {
    stopLog();
  }
  const latencies = [...passedAt]
    .map(([seq, at]) => at - (receivedAt.get(seq) ?? Number.NaN))
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ??
    Number.NaN;
  return {
    p50: pct(50),
    p99: pct(99),
    max: latencies.at(-1) ?? Number.NaN,
    count: latencies.length,
  };
}

async function main() {
  const engine = await startCliEngine();
  const folder = await mkdtemp(join(tmpdir(), 'tp-bench-runner-'));
  try {
    await writeFile(join(folder, 'setup.yaml'), SETUP);
    await writeFile(join(folder, 'requests.yaml'), requestScenario(STEPS));
    await writeFile(join(folder, 'deliveries.yaml'), deliveryScenario(DELIVERIES));
    const setup = await runPassing(engine.core, { folder, paths: ['setup.yaml'] });
    const ada = setup.scenarios[0]?.steps[0]?.captures.ada;
    if (!ada) throw new Error('the setup scenario captured no user');
    const steps = await overhead(engine.core, folder, ada);
    const deliveries = await deliveryLatency(engine.core, folder, ada);
    process.stdout.write(
      `${JSON.stringify({ steps: STEPS, rounds: ROUNDS, warmupRounds: WARMUP_ROUNDS, ...steps, deliveries })}\n`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
    await engine.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench-runner: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
