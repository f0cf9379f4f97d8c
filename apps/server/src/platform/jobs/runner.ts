import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, min } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs, outboxEvents } from './tables.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = 'pending' | 'succeeded' | 'failed';

export interface JobContext {
  /**
   * The transaction the job runs in: do all the work through it. The job is marked done in the same
   * transaction, so a job's effects and its completion commit together (exactly once).
   */
  tx: Tx;
  job: JobRow;
  now: Date;
}

export interface JobDefinition {
  name: string;
  /** Must be idempotent: after a crash between attempts it may run again for the same key. */
  handler: (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
  maxAttempts?: number;
}

/** A recurring job: one occurrence per slot of `everyMs` (shifted by `offsetMs`), however many instances. */
export interface Schedule {
  job: string;
  everyMs: number;
  offsetMs?: number;
  payload?: Record<string, unknown>;
}

/** Outbox events of `topic` become jobs named `job`, one per event. */
export interface Subscription {
  topic: string;
  job: string;
}

/** The payload of the outbox event a subscribed job was made for (the job's payload wraps the event). */
export function eventPayload(jobPayload: Record<string, unknown>): Record<string, unknown> {
  const event = jobPayload.event as { payload?: Record<string, unknown> } | undefined;
  return event?.payload ?? {};
}

export interface NewJob {
  name: string;
  /** Unique per occurrence: enqueueing the same key again does nothing. */
  key: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job (in the caller's transaction when given one); false when its key is already there. */
export async function enqueue(db: Db | Tx, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      name: job.name,
      key: job.key,
      payload: job.payload ?? {},
      // The runner compares run_at with its own clock: take "now" from the same clock, at millisecond
      // precision (the database's now() has microseconds and would be a fraction of a millisecond ahead).
      run_at: job.runAt ?? new Date(),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Records an event in the outbox. Call it inside the transaction that makes the change, so the event
 * exists if and only if the change committed.
 */
export async function emit(tx: Tx, topic: string, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(outboxEvents).values({ topic, payload });
}

export interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunnerOptions {
  jobs: JobDefinition[];
  schedules?: Schedule[];
  subscriptions?: Subscription[];
  pollMs?: number;
  /** First retry after this long, doubling with every attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  log?: Logger;
  /** The clock, for tests. */
  now?: () => Date;
  workerId?: string;
}

export interface JobRunner {
  /** Polls every pollMs until stop(). */
  start(): void;
  /** Lets the job in hand finish, then stops polling. */
  stop(): Promise<void>;
  /** One round: enqueue due schedule slots, dispatch the outbox, run due jobs. Returns how many jobs ran. */
  tick(): Promise<number>;
}

const silent: Logger = { info() {}, error() {} };

export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export function createJobRunner(db: Db, options: RunnerOptions): JobRunner {
  const handlers = new Map(options.jobs.map((j) => [j.name, j]));
  const schedules = options.schedules ?? [];
  const subscriptions = options.subscriptions ?? [];
  const pollMs = options.pollMs ?? 1000;
  const base = options.baseBackoffMs ?? 30_000;
  const max = options.maxBackoffMs ?? 60 * 60_000;
  const log = options.log ?? silent;
  const clock = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `worker-${process.pid}-${randomBytes(3).toString('hex')}`;
  for (const s of schedules) {
    if (!handlers.has(s.job)) throw new Error(`Schedule for unknown job ${s.job}`);
  }
  for (const s of subscriptions) {
    if (!handlers.has(s.job)) throw new Error(`Subscription of ${s.topic} to unknown job ${s.job}`);
  }

  async function enqueueSchedules(now: Date) {
    for (const s of schedules) {
      const offset = s.offsetMs ?? 0;
      // The next slot, enqueued ahead: it runs when its time comes, or as soon as a runner is up again if
      // none was at that time; a fresh start does not run the slot that has already begun.
      const slot = (Math.floor((now.getTime() - offset) / s.everyMs) + 1) * s.everyMs + offset;
      const at = new Date(slot);
      await enqueue(db, {
        name: s.job,
        key: `${s.job}@${at.toISOString()}`,
        payload: s.payload ?? {},
        runAt: at,
      });
    }
  }

  async function dispatchOutbox(now: Date) {
    await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(outboxEvents)
        .where(isNull(outboxEvents.dispatched_at))
        .orderBy(asc(outboxEvents.id))
        .limit(100)
        .for('update', { skipLocked: true });
      if (events.length === 0) return;
      for (const event of events) {
        for (const s of subscriptions.filter((sub) => sub.topic === event.topic)) {
          await enqueue(tx, {
            name: s.job,
            key: `${s.job}:outbox:${event.id}`,
            payload: {
              event: {
                id: event.id,
                topic: event.topic,
                payload: event.payload,
                created_at: event.created_at.toISOString(),
              },
            },
          });
        }
      }
      await tx
        .update(outboxEvents)
        .set({ dispatched_at: now })
        .where(
          inArray(
            outboxEvents.id,
            events.map((e) => e.id),
          ),
        );
    });
  }

  /** Claims one due job (skipping rows another runner holds), runs it and records the result. */
  async function runOne(now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.run_at, now)))
        .orderBy(asc(jobs.run_at), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      const attempts = job.attempts + 1;
      const definition = handlers.get(job.name);
      try {
        if (!definition) throw new Error(`No handler for job ${job.name}`);
        // A savepoint: a failing handler's writes are undone, the failure itself is still recorded.
        await tx.transaction((inner) => definition.handler(job.payload, { tx: inner, job, now }));
        await tx
          .update(jobs)
          .set({ status: 'succeeded', attempts, locked_by: workerId, updated_at: now, finished_at: now })
          .where(eq(jobs.id, job.id));
        log.info({ job: job.name, key: job.key, attempts }, 'job succeeded');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const limit = definition?.maxAttempts ?? job.max_attempts;
        const failed = attempts >= limit;
        await tx
          .update(jobs)
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            last_error: message.slice(0, 2000),
            locked_by: workerId,
            run_at: failed ? job.run_at : new Date(now.getTime() + backoffMs(attempts, base, max)),
            updated_at: now,
            finished_at: failed ? now : null,
          })
          .where(eq(jobs.id, job.id));
        log.error(
          { job: job.name, key: job.key, attempts, failed, err: error },
          failed ? 'job failed for good' : 'job failed; will retry',
        );
      }
      return true;
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let stopping = false;

  async function tick(): Promise<number> {
    const now = clock();
    await enqueueSchedules(now);
    await dispatchOutbox(now);
    let ran = 0;
    // Drain what is due now, but never forever: a burst leaves the rest to the next tick.
    while (ran < 100 && !stopping) {
      if (!(await runOne(now))) break;
      ran += 1;
    }
    return ran;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log.error({ err: error }, 'job runner round failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref?.();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
    tick,
  };
}

/** What an admin sees: counts by status and the most recent failures and retries. */
export async function jobOverview(db: Db) {
  const counts = await db.select({ status: jobs.status, n: count() }).from(jobs).groupBy(jobs.status);
  const problems = await db
    .select()
    .from(jobs)
    .where(isNotNull(jobs.last_error))
    .orderBy(desc(jobs.updated_at), desc(jobs.id))
    .limit(50);
  const [outbox] = await db
    .select({ n: count() })
    .from(outboxEvents)
    .where(isNull(outboxEvents.dispatched_at));
  const byStatus: Record<JobStatus, number> = { pending: 0, succeeded: 0, failed: 0 };
  for (const c of counts) byStatus[c.status as JobStatus] = Number(c.n);
  return { counts: byStatus, undispatched_events: Number(outbox?.n ?? 0), problems };
}

/**
 * The queue's health for the performance monitor: how long the oldest due job and the oldest undispatched event
 * have waited (seconds, 0 when none waits), and the jobs that used up their attempts in the last day.
 */
export async function jobHealth(db: Db, now: Date) {
  const [waiting] = await db
    .select({ oldest: min(jobs.run_at) })
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), lte(jobs.run_at, now)));
  const [events] = await db
    .select({ oldest: min(outboxEvents.created_at) })
    .from(outboxEvents)
    .where(isNull(outboxEvents.dispatched_at));
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  const failedFilter = and(eq(jobs.status, 'failed'), gte(jobs.updated_at, dayAgo));
  const [failed] = await db.select({ n: count() }).from(jobs).where(failedFilter);
  const recentFailures = await db
    .select({
      name: jobs.name,
      attempts: jobs.attempts,
      last_error: jobs.last_error,
      updated_at: jobs.updated_at,
    })
    .from(jobs)
    .where(failedFilter)
    .orderBy(desc(jobs.updated_at), desc(jobs.id))
    .limit(5);
  const secondsSince = (at: Date | null | undefined) =>
    at ? Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000)) : 0;
  return {
    oldestDueWaitSeconds: secondsSince(waiting?.oldest),
    oldestEventWaitSeconds: secondsSince(events?.oldest),
    failedLastDay: Number(failed?.n ?? 0),
    recentFailures,
  };
}

/** Finished jobs and dispatched events are kept for a week, then pruned by a daily job. */
export async function pruneJobs(tx: Tx, now: Date, keepMs = 7 * 24 * 60 * 60_000) {
  const before = new Date(now.getTime() - keepMs);
  await tx.delete(jobs).where(and(eq(jobs.status, 'succeeded'), lt(jobs.finished_at, before)));
  await tx
    .delete(outboxEvents)
    .where(and(isNotNull(outboxEvents.dispatched_at), lt(outboxEvents.dispatched_at, before)));
}
