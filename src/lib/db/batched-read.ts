/**
 * Batching for hot reads (the DataLoader pattern): a question asked while no read is running starts
 * one at once; questions asked while one is running wait for it to finish and then go to the database
 * together, in one read. Every answer therefore comes from a read that started after it was asked, so
 * it is as fresh as a read of its own, and nothing is kept afterwards.
 *
 * Under load (fifty shoppers checking products and dates) this turns fifty database round trips into a
 * few. `fits` says whether a question may join a batch (a read covering it must stay cheap); those that
 * fit nowhere make batches of their own, read side by side. Callers of one batch share the answer
 * object, so they must treat it as read-only.
 */
export function batchedRead<Scope extends object, Ask, Answer>(options: {
  read: (scope: Scope, asks: Ask[]) => Promise<Answer>;
  fits: (batch: Ask[], ask: Ask) => boolean;
}): (scope: Scope, ask: Ask) => Promise<Answer> {
  interface Waiting {
    ask: Ask;
    resolve: (answer: Answer) => void;
    reject: (error: unknown) => void;
  }
  const queues = new WeakMap<Scope, { waiting: Waiting[]; reading: boolean }>();

  async function drain(scope: Scope, queue: { waiting: Waiting[]; reading: boolean }) {
    queue.reading = true;
    while (queue.waiting.length > 0) {
      const batches: Waiting[][] = [];
      for (const waiting of queue.waiting.splice(0)) {
        const batch = batches.find((b) => options.fits(b.map((w) => w.ask), waiting.ask));
        if (batch) batch.push(waiting);
        else batches.push([waiting]);
      }
      await Promise.all(
        batches.map(async (batch) => {
          try {
            const answer = await options.read(scope, batch.map((w) => w.ask));
            for (const w of batch) w.resolve(answer);
          } catch (error) {
            for (const w of batch) w.reject(error);
          }
        }),
      );
    }
    queue.reading = false;
  }

  return (scope, ask) =>
    new Promise<Answer>((resolve, reject) => {
      let queue = queues.get(scope);
      if (!queue) queues.set(scope, (queue = { waiting: [], reading: false }));
      queue.waiting.push({ ask, resolve, reject });
      if (!queue.reading) void drain(scope, queue);
    });
}
