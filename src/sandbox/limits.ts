/** Per stream (stdout, stderr), in bytes: what a JSON response can reasonably carry back. */
export const STREAM_CAP_BYTES = 1024 * 1024;
/** The `node` return value's text, in characters. */
export const OUTPUT_CAP_CHARS = 1024 * 1024;
/** Shell convention for a process ended by SIGKILL; also used when an in-process run hits its time limit. */
export const KILLED_EXIT_CODE = 137;
