/** The stream progress goes to: stderr, so stdout stays clean for the output. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const WIDTH = 30;

/**
 * "pages done of total": a bar redrawn in place on a terminal, one plain line
 * per change otherwise (logs and pipes keep every step readable).
 */
export class Progress {
  private last = '';
  private drawn = false;

  constructor(
    private readonly label: string,
    private readonly stream: ProgressStream = process.stderr,
  ) {}

  update(done: number, total: number): void {
    const counts = `${done}/${total} pages`;
    if (counts === this.last) return;
    this.last = counts;
    if (!this.stream.isTTY) {
      this.stream.write(`${this.label}: ${counts}\n`);
      return;
    }
    const filled = total > 0 ? Math.min(WIDTH, Math.round((done / total) * WIDTH)) : 0;
    this.stream.write(`\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${counts}\x1b[K`);
    this.drawn = true;
  }

  /** Ends the bar's line, so later messages start on their own. */
  end(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
