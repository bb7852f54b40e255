/** An agent conversation (§10.7): its runs in turn order, each a job of its own. */
export interface AgentThread {
  id: string;
  teamId: string;
  createdAt: string;
  updatedAt: string;
  runs: { turn: number; jobId: string }[];
}

export interface AgentThreadStore {
  /** Starts a thread whose first turn is `jobId`. */
  create(input: { id: string; teamId: string; jobId: string; now: string }): Promise<void>;
  /** Adds `jobId` as the next turn; answers that turn. */
  append(threadId: string, jobId: string, now: string): Promise<number>;
  get(threadId: string): Promise<AgentThread | null>;
}
