// `npm run bench:runner`: the runner's cost. Its child (bench/runner-child/, built to out-bench/, one engine on a
// fresh embedded sandbox, as `tp run` starts it) measures (a) a scenario of resource.list request
// steps through the runner against the same calls through composer.send in the same process, in
// alternating rounds, each timed in its steady state (from the step at 10% of the round to the one
// at 90%, so a run's fixed cost stays out), and prints the median of the rounds' own ratios
// (target <= 1.2); (b) the time from a delivery's arrival at the receiver to its expect-delivery
// step passing, over simulate send-message + expect-delivery pairs (target p99 < 50 ms).
// Options (env): BENCH_STEPS (default 200), BENCH_ROUNDS (default 15), BENCH_WARMUP_ROUNDS
// (default 3 of each kind, untimed), BENCH_DELIVERIES (default 200), BENCH_PROFILE_DIR (runs the
// child with --cpu-prof into that folder).
import { buildBenchChild } from './build-child.mjs';
import { startChild } from './children.mjs';

const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/**
 * @typedef {object} RunnerFigures
 * @property {number} steps
 * @property {number} rounds
 * @property {number} warmupRounds
 * @property {number} runnerMsPerStep
 * @property {number} runnerCpuMsPerStep
 * @property {number} directMsPerCall
 * @property {number} directCpuMsPerCall
 * @property {number} medianRatio
 * @property {number} medianCpuRatio
 * @property {number[]} roundRatios
 * @property {number} wholeRunMsPerStep
 * @property {{ p50: number, p99: number, max: number, count: number }} deliveries
 */

const entry = await buildBenchChild('bench/runner-child/runner-child.ts');
const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
const { child, ready } = await startChild([...profile, entry]);
const figures = /** @type {RunnerFigures} */ (/** @type {unknown} */ (ready));
await new Promise((resolve) => {
  if (child.exitCode !== null) return resolve(undefined);
  child.once('exit', resolve);
});

const d = figures.deliveries;
const ok = (/** @type {boolean} */ good) => (good ? 'OK' : 'ABOVE TARGET');
console.log(
  `resource.list for a connected user, ${figures.steps} steps a run, ${figures.rounds} alternating rounds after ${figures.warmupRounds} untimed rounds of each, embedded sandbox on loopback`,
);
console.log(
  `per request step, steady state (medians of the rounds): runner ${figures.runnerMsPerStep.toFixed(3)} ms wall, ${figures.runnerCpuMsPerStep.toFixed(3)} ms CPU; composer.send directly ${figures.directMsPerCall.toFixed(3)} ms wall, ${figures.directCpuMsPerCall.toFixed(3)} ms CPU`,
);
console.log(
  `ratio runner/direct per step, the median of the rounds' own ratios: ${figures.medianRatio.toFixed(2)} wall, ${figures.medianCpuRatio.toFixed(2)} CPU (target <= 1.20) ${ok(Math.max(figures.medianRatio, figures.medianCpuRatio) <= 1.2)}`,
);
console.log(`  each round's wall ratio: ${figures.roundRatios.map((r) => r.toFixed(2)).join(' ')}`);
console.log(
  `a whole run of ${figures.steps} steps, its fixed cost included (the journal session, loading the files): ${figures.wholeRunMsPerStep.toFixed(3)} ms a step, ratio ${(figures.wholeRunMsPerStep / figures.directMsPerCall).toFixed(2)}`,
);
console.log(
  `delivery arrival to its expect-delivery step passing: p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms over ${d.count} deliveries (target p99 < 50 ms) ${ok(d.p99 < 50)}`,
);
