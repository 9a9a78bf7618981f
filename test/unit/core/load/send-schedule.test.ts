// The load run's schedule: an open model (what is due is sent, whatever came back), and a send
// that starts late is counted late, never left out.
import { describe, expect, it } from 'vitest';
import { createSendSchedule } from '../../../../src-main/core/load/send-schedule';

describe('the load schedule', () => {
  it('holds rate × duration deliveries, due one gap apart from the start', () => {
    const schedule = createSendSchedule({ rate: 200, durationMs: 2000, lateAfterMs: 10 });
    expect(schedule.total).toBe(400);
    expect(schedule.take(0).map((s) => s.dueMs)).toEqual([0]);
    expect(schedule.nextDueMs()).toBe(5);
    expect(schedule.take(12).map((s) => s.dueMs)).toEqual([5, 10]);
  });

  it('sends everything due when the sender looks late, each counted late past the tolerance', () => {
    const schedule = createSendSchedule({ rate: 1000, durationMs: 1000, lateAfterMs: 10 });
    schedule.take(0);
    // The sender was held up 50 ms (a busy machine): the 50 deliveries due meanwhile all go now.
    const due = schedule.take(50);
    expect(due.map((s) => s.index)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(due.filter((s) => s.late).map((s) => s.index)).toEqual(
      Array.from({ length: 39 }, (_, i) => i + 1),
    );
    // Started at most 10 ms after it was due: on time.
    expect(due.filter((s) => !s.late).map((s) => s.dueMs)).toEqual([
      40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
    ]);
  });

  it('never skips a delivery: after a stall of longer than the run, every one is still sent', () => {
    const schedule = createSendSchedule({ rate: 100, durationMs: 1000, lateAfterMs: 10 });
    const all = schedule.take(5000);
    expect(all).toHaveLength(100);
    expect(all.every((s) => s.late)).toBe(true);
    expect(schedule.nextDueMs()).toBeNull();
    expect(schedule.take(6000)).toEqual([]);
  });

  it('does not wait for answers: the time alone says what is due (open model)', () => {
    const schedule = createSendSchedule({ rate: 10, durationMs: 1000, lateAfterMs: 10 });
    // Nothing was ever answered; the deliveries keep coming on time.
    expect(schedule.take(0)).toHaveLength(1);
    expect(schedule.take(100)).toEqual([{ index: 1, dueMs: 100, late: false }]);
    expect(schedule.take(205)).toEqual([{ index: 2, dueMs: 200, late: false }]);
  });
});
