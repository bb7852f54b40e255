/** A unified diff, with added and removed lines told apart. */
export function DiffView({ text }: { text: string }) {
  return (
    <pre class="diff">
      {text.replace(/\n$/, '').split('\n').map((line) => {
        const cls = line.startsWith('+++') || line.startsWith('---') ? 'd-file' : line.startsWith('@@') ? 'd-hunk' : line.startsWith('+') ? 'd-add' : line.startsWith('-') ? 'd-del' : '';
        return <div class={cls}>{line || ' '}</div>;
      })}
    </pre>
  );
}
