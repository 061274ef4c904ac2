/**
 * Work done after the answer has left (the reset request must answer the same, in the same time,
 * whether or not the address exists: docs/design.md §4). Failures go to the log; closing the app waits
 * for what is still running, so no task outlives its database.
 */
export function createBackgroundTasks(log: (error: unknown, what: string) => void) {
  const running = new Set<Promise<void>>();
  return {
    run(what: string, task: () => Promise<void>): void {
      const p = task()
        .catch((error) => log(error, what))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
