const NON_TTY_EVERY_MS = 10_000;

/**
 * One status line that rewrites itself on a terminal; in a log file (CI, `| tee`) it prints a plain
 * line now and then instead, so the file does not fill up with carriage returns.
 */
export class ProgressLine {
  private readonly tty = Boolean(process.stdout.isTTY);
  private current = '';
  private lastPrinted = 0;

  update(text: string): void {
    this.current = text;
    if (this.tty) {
      process.stdout.write(`\r\x1b[2K${text}`);
    } else if (Date.now() - this.lastPrinted >= NON_TTY_EVERY_MS) {
      this.lastPrinted = Date.now();
      process.stdout.write(`${text}\n`);
    }
  }

  /** A line of other output without tearing the status line. */
  log(line: string): void {
    if (this.tty && this.current) process.stdout.write('\r\x1b[2K');
    process.stdout.write(`${line}\n`);
    if (this.tty && this.current) process.stdout.write(this.current);
  }

  done(text: string): void {
    if (this.tty) process.stdout.write('\r\x1b[2K');
    this.current = '';
    process.stdout.write(`${text}\n`);
  }
}
