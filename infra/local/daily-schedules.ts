/** The first run waits for start-up (seeding) to finish; then once a day, as the AWS schedule runs it. */
const FIRST_RUN_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Plays EventBridge Scheduler's daily schedules for the local cloud: `run` (the same handler the
 * schedule invokes in AWS) a few minutes after start and every 24 hours after that. A run that
 * fails is reported and the next day's run tries again, as a scheduled Lambda's would.
 */
export function startDailySchedules(opts: { run: () => Promise<unknown>; onError?: (e: unknown) => void }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const fire = () => {
    running = opts.run().catch((e: unknown) => opts.onError?.(e));
    timer = setTimeout(fire, DAY_MS);
    timer.unref();
  };
  timer = setTimeout(fire, FIRST_RUN_MS);
  timer.unref();
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
