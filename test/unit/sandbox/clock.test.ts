// The sandbox's clock (src-main/sandbox/clock.ts): its time is real time plus what it was moved
// forward, and an advance past waits runs them at once, earliest first.
import { afterEach, expect, it } from 'vitest';
import { SandboxClock } from '../../../src-main/sandbox/clock';

let clock: SandboxClock;
afterEach(() => clock.clear());

it('reads real time plus every advance, and refuses to go back', () => {
  let real = 1_000_000;
  clock = new SandboxClock(() => real);
  expect(clock.now()).toBe(1_000_000);
  clock.advance(60_000);
  real += 5;
  expect(clock.now()).toBe(1_060_005);
  expect(clock.offsetMs).toBe(60_000);
  expect(() => clock.advance(-1)).toThrow(/only moves forward/);
  expect(() => clock.advance(0)).toThrow(/only moves forward/);
  clock.restore(7_000);
  expect(clock.now()).toBe(1_007_005);
});

it('runs the waits an advance passes at once, in the order of their times, and keeps the rest', () => {
  clock = new SandboxClock(() => 0);
  const ran: string[] = [];
  clock.at(3_000, () => ran.push('3s'));
  clock.at(1_000, () => ran.push('1s, set second'));
  clock.at(90_000, () => ran.push('90s'));
  clock.at(1_000, () => ran.push('1s, set third'));
  clock.advance(5_000);
  expect(ran).toEqual(['1s, set second', '1s, set third', '3s']);
  clock.advance(85_000);
  expect(ran).toEqual(['1s, set second', '1s, set third', '3s', '90s']);
});

it('restoring a saved offset runs the waits it passes too', () => {
  clock = new SandboxClock(() => 0);
  const ran: number[] = [];
  clock.at(10, () => ran.push(10));
  clock.restore(20);
  expect(ran).toEqual([10]);
});

it('a wait not passed by an advance still runs on real time', async () => {
  clock = new SandboxClock();
  const done = new Promise<number>((resolve) => clock.at(clock.now() + 20, () => resolve(1)));
  expect(await done).toBe(1);
});

it('a wait further than a timer can hold does not run early', async () => {
  clock = new SandboxClock();
  let ran = false;
  clock.at(clock.now() + 40 * 86_400_000, () => (ran = true));
  // Past the few milliseconds in which an overflowing 40-day timer would have fired.
  const soon = new Promise<void>((resolve) => clock.at(clock.now() + 30, resolve));
  await soon;
  expect(ran).toBe(false);
  clock.advance(40 * 86_400_000);
  expect(ran).toBe(true);
});
