/** One budget for a whole render: every Playwright call gets what is left of it. */
export class Deadline {
  readonly at: number;

  constructor(readonly budgetMs: number) {
    this.at = Date.now() + budgetMs;
  }

  /** At least 1 ms: Playwright reads a 0 timeout as "no timeout". */
  remaining(): number {
    return Math.max(1, this.at - Date.now());
  }

  get expired(): boolean {
    return Date.now() >= this.at;
  }
}
