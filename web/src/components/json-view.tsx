import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** Pretty-printed JSON with keys, strings and literals told apart by colour. */
export function JsonView({ value }: { value: unknown }) {
  const parts = useMemo(() => {
    const text = JSON.stringify(value, null, 2) ?? 'undefined';
    const out: (string | JSX.Element)[] = [];
    let last = 0;
    for (const m of text.matchAll(TOKEN)) {
      out.push(text.slice(last, m.index));
      const cls = m[1] ? (m[2] ? 'j-key' : 'j-str') : m[3] ? 'j-lit' : 'j-num';
      out.push(<span class={cls}>{m[1] ?? m[0]}</span>);
      if (m[2]) out.push(m[2]);
      last = m.index + m[0].length;
    }
    out.push(text.slice(last));
    return out;
  }, [value]);
  return <pre class="json">{parts}</pre>;
}
