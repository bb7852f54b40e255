import type { ComponentChildren } from 'preact';
import type { Call } from '../api/use-call.js';
import { ErrorNote } from '../components/notes.js';

/**
 * The frame every playground tool shares: its fields and one submit button on
 * the left, what the call answered (or why it failed) on the right.
 */
export function ToolForm(p: {
  call: Call;
  run(): Promise<unknown>;
  fields: ComponentChildren;
  submit: string;
  busy: string;
  /** False while the form lacks something the browser cannot check (a file to upload). */
  ready?: boolean;
  children?: ComponentChildren;
}) {
  return (
    <div class="split">
      <form
        class="card form"
        onSubmit={(e) => {
          e.preventDefault();
          void p.call.run(p.run);
        }}
      >
        {p.fields}
        <button type="submit" class="primary" disabled={p.call.busy || p.ready === false}>
          {p.call.busy ? p.busy : p.submit}
        </button>
      </form>
      <div class="result">
        {p.call.error !== undefined && <ErrorNote error={p.call.error} />}
        {p.children}
      </div>
    </div>
  );
}
