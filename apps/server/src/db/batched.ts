/**
 * Work that a hot path sends to the database many times at once, read together (issue 9): at most `maxRunning`
 * calls of `read` are under way; what is asked for while they are waits, and everything that waited goes into
 * the next call, once one of them has returned (at most `limit` at a time). A lone ask is read at once, alone;
 * under load every call carries the asks that came in meanwhile: one round trip and one statement for all of
 * them instead of one each, with no timer and no delay added. `read` answers one result per ask, in order; an
 * error, or a wrong count, fails every ask of that call. Nothing is kept between calls.
 */
export class Batched<Ask, Answer> {
  private readonly waiting: {
    ask: Ask;
    resolve: (answer: Answer) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private running = 0;

  constructor(
    private readonly read: (asks: Ask[]) => Promise<Answer[]>,
    private readonly maxRunning: number,
    private readonly limit: number,
  ) {
    if (!(maxRunning >= 1 && limit >= 1))
      throw new Error('Batched needs at least one call of at least one ask');
  }

  ask(ask: Ask): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.maxRunning && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limit);
      this.running += 1;
      let answered: Promise<Answer[]>;
      try {
        answered = this.read(batch.map((w) => w.ask));
      } catch (error) {
        answered = Promise.reject(error);
      }
      answered
        .then((answers) => {
          if (answers.length !== batch.length)
            throw new Error(`${answers.length} answers for ${batch.length} asks`);
          batch.forEach((w, i) => w.resolve(answers[i]!));
        })
        .catch((error: unknown) => batch.forEach((w) => w.reject(error)))
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}
