// The journal's fdatasync, batched: a write is in the OS when append() returns (what a crash of the
// process cannot take), and on the disk at the next sync, at most `intervalMs` later (what a power
// loss can take). The sync runs on the thread pool: a synchronous one would stall every request,
// deliveries included, for as long as the disk takes.
import { fdatasync } from 'node:fs';

type SyncFile = (fd: number, done: () => void) => void;

export class PeriodicSync {
  private dirty = false;
  private syncing = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly fd: number,
    intervalMs: number,
    private readonly sync: SyncFile = (fd, done) => fdatasync(fd, () => done()),
  ) {
    this.timer = setInterval(() => this.tick(), intervalMs);
    this.timer.unref();
  }

  /** Something was written since the last sync. */
  written(): void {
    this.dirty = true;
  }

  /** No more syncs (the journal closes, and syncs the file itself). */
  stop(): void {
    clearInterval(this.timer);
  }

  /** One sync at a time: what is written during one is synced by the next. */
  private tick(): void {
    if (!this.dirty || this.syncing) return;
    this.dirty = false;
    this.syncing = true;
    this.sync(this.fd, () => (this.syncing = false));
  }
}
