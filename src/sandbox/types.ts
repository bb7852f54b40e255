import type { Page } from 'playwright-core';
import type { Llm } from '../llm/types.js';

/** What the sandbox needs from a live browser session; the sessions module provides it. */
export interface SessionHandle {
  /** Internal `ws://` URL of the session's Chromium (browser-level CDP), reachable from this host. */
  readonly cdpEndpoint: string;
  /** The session's current page, for `bash` and `prompt`, which run in-process. */
  page(): Promise<Page>;
}

export type ExecuteLanguage = 'node' | 'bash' | 'prompt';

export interface ExecuteRequest {
  language: ExecuteLanguage;
  /** The code (node), the command lines (bash) or the instruction (prompt). */
  code: string;
  /** On expiry the run is stopped and the result says `killed: true`. */
  timeoutMs: number;
}

/** The §11.3 / §3.3 result fields; the route adds `success`, `cdpUrl` and the live-view URLs. */
export interface ExecuteResult {
  /** node: the JSON of the code's return value; bash/prompt: the commands' output (same as stdout). */
  output: string;
  stdout: string;
  /** Alias of stdout (§11.3). */
  result: string;
  stderr: string;
  exitCode: number;
  /** Stopped at the time limit. */
  killed: boolean;
  /** stdout, stderr or output was cut at its size cap. */
  truncated: boolean;
  /** The exception text when the code failed, else null. */
  error: string | null;
}

export interface ExecuteDeps {
  llm: Llm;
}
