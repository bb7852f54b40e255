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
  private bar = '';

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
    this.bar = `\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${counts}\x1b[K`;
    this.stream.write(this.bar);
    this.drawn = true;
  }

  /**
   * Prints a line (on stdout or anywhere) above the bar: on a terminal the bar
   * is wiped first and drawn again below, so the two never share a line.
   */
  printAbove(print: () => void): void {
    if (!this.drawn) return print();
    this.stream.write('\r\x1b[K');
    print();
    this.stream.write(this.bar);
  }

  /** Ends the bar's line, so later messages start on their own. */
  end(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}
