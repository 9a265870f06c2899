type Disposer = () => Promise<void> | void;

/**
 * Undo steps registered as resources come into being (server, data directory, database), run last-in
 * first-out exactly once, whether the run ends normally, throws, or is interrupted by Ctrl-C.
 */
export class Cleanup {
  private readonly steps: { label: string; dispose: Disposer }[] = [];
  private running: Promise<void> | undefined;

  add(label: string, dispose: Disposer): void {
    this.steps.push({ label, dispose });
  }

  run(): Promise<void> {
    this.running ??= this.runAll();
    return this.running;
  }

  private async runAll(): Promise<void> {
    for (const step of this.steps.reverse()) {
      try {
        await step.dispose();
      } catch (error) {
        // One failed step must not keep the others (e.g. dropping the database) from running.
        console.error(`cleanup: ${step.label} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/**
 * Ctrl-C reaches the whole process group; the bench still has to stop the server and remove the data
 * it made, so it cleans up before exiting instead of dying on the default handler.
 */
export function cleanUpOnSignals(cleanup: Cleanup, onInterrupt: () => void): void {
  let interrupted = false;
  const handler = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and removing benchmark data…`);
    onInterrupt();
    void cleanup.run().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
