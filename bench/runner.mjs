// `npm run bench:runner`: the runner's cost. Its child (out/main/bench-runner.js, one engine on a
// fresh embedded sandbox, as `tp run` starts it) measures (a) a scenario of resource.list request
// steps through the runner against the same calls through composer.send in the same process, in
// alternating rounds, and prints the ratio of what one more step costs (runs of N and 2N steps,
// so the fixed cost of a run cancels out; target <= 1.2) and the whole-run ratio; (b) the time from a delivery's arrival
// at the receiver to its expect-delivery step passing, over simulate send-message +
// expect-delivery pairs (target p99 < 50 ms).
// Options (env): BENCH_STEPS (default 100), BENCH_ROUNDS (default 9), BENCH_DELIVERIES (default
// 200), BENCH_PROFILE_DIR (runs the child with --cpu-prof into that folder).
import { existsSync } from 'node:fs';
import { root, startChild } from './children.mjs';

const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/**
 * @typedef {object} RunnerFigures
 * @property {number} steps
 * @property {number} rounds
 * @property {number} runnerMsPerStep
 * @property {number} runnerMarginalMsPerStep
 * @property {number} runFixedMs
 * @property {number} directMsPerCall
 * @property {number} runnerMarginalCpuMsPerStep
 * @property {number} directCpuMsPerCall
 * @property {number} medianRatio
 * @property {number} medianCpuRatio
 * @property {{ p50: number, p99: number, max: number, count: number }} deliveries
 */

const entry = `${root}out/main/bench-runner.js`;
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run npm run build first.`);
  process.exit(2);
}
const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
const { child, ready } = await startChild([...profile, entry]);
const figures = /** @type {RunnerFigures} */ (/** @type {unknown} */ (ready));
await new Promise((resolve) => {
  if (child.exitCode !== null) return resolve(undefined);
  child.once('exit', resolve);
});

const ratio = figures.runnerMarginalMsPerStep / figures.directMsPerCall;
const wholeRatio = figures.runnerMsPerStep / figures.directMsPerCall;
const d = figures.deliveries;
console.log(
  `resource.list for a connected user, ${figures.steps} steps a run, ${figures.rounds} alternating rounds after a warm-up, embedded sandbox on loopback`,
);
console.log(
  `per request step: runner ${figures.runnerMarginalMsPerStep.toFixed(2)} ms (runs of ${figures.steps} and ${2 * figures.steps} steps: what one more step costs), composer.send directly ${figures.directMsPerCall.toFixed(2)} ms`,
);
const ok = (/** @type {number} */ r) => (r <= 1.2 ? 'OK' : 'ABOVE TARGET');
const cpuRatio = figures.runnerMarginalCpuMsPerStep / figures.directCpuMsPerCall;
console.log(
  `ratio runner/direct per step, the median of the rounds' own ratios: ${figures.medianRatio.toFixed(2)} wall, ${figures.medianCpuRatio.toFixed(2)} CPU (target <= 1.20) ${ok(Math.max(figures.medianRatio, figures.medianCpuRatio))}`,
);
console.log(
  `  over all rounds summed: ${ratio.toFixed(2)} wall; CPU (this process: engine and sandbox) runner ${figures.runnerMarginalCpuMsPerStep.toFixed(2)} ms, directly ${figures.directCpuMsPerCall.toFixed(2)} ms a step, ${cpuRatio.toFixed(2)}`,
);
console.log(
  `a whole run of ${figures.steps} steps, its fixed cost included (the journal session, loading the files: ${figures.runFixedMs.toFixed(1)} ms a run): ${figures.runnerMsPerStep.toFixed(2)} ms a step, ratio ${wholeRatio.toFixed(2)}`,
);
console.log(
  `delivery arrival to its expect-delivery step passing: p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms over ${d.count} deliveries (target p99 < 50 ms) ${d.p99 < 50 ? 'OK' : 'ABOVE TARGET'}`,
);
