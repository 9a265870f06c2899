import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { WorkflowEngineDeps } from './workflow-engine.service.ts';
import { runWorkflowStep, sweepWorkflows, WORKFLOW_STEP_QUEUE } from './workflow-engine.service.ts';

/** Every instance sweeps this often; a due step waits at most this long for a job it did not get at once. */
const SWEEP_MS = 60_000;
/** Steps come in bursts (every account's 10:00 step of a day): a fetch takes several. */
const STEP_BATCH = 10;

export interface WorkflowEngineRuntime {
  /** Stops the sweeps and waits for the one under way. */
  stop(): Promise<void>;
}

/**
 * The workflow step worker and the minute sweeper of this instance (DESIGN §3 Jobs). Every instance runs both:
 * the step's claim and the sweeper's conditional updates make each step, stop, pause and resume happen once
 * across them.
 */
export async function startWorkflowEngine(
  deps: WorkflowEngineDeps & { jobs: Jobs; log: { error(details: object, message: string): void } },
): Promise<WorkflowEngineRuntime> {
  await deps.jobs.work(
    WORKFLOW_STEP_QUEUE,
    async (job) => {
      await runWorkflowStep(deps, job.data.stepRunId);
    },
    { batchSize: STEP_BATCH },
  );
  let sweeping: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () => {
    if (stopped) return;
    sweeping = sweepWorkflows(deps).catch((error: unknown) => deps.log.error({ err: error }, 'workflow sweep failed'));
  };
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
    },
  };
}
