import type { ComponentChildren } from 'preact';

/** Small controlled inputs: each shows its label and writes one value back. */

export function TextField(p: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  required?: boolean;
  hint?: string;
}) {
  return (
    <label>
      {p.label}
      <input
        name={p.name}
        type="text"
        value={p.value}
        placeholder={p.placeholder}
        required={p.required}
        onInput={(e) => p.onChange(e.currentTarget.value)}
      />
      {p.hint && <span class="hint">{p.hint}</span>}
    </label>
  );
}

export function NumberField(p: { label: string; name: string; value: string; onChange(v: string): void; min?: number; placeholder?: string }) {
  return (
    <label>
      {p.label}
      <input
        name={p.name}
        type="number"
        min={p.min}
        value={p.value}
        placeholder={p.placeholder}
        onInput={(e) => p.onChange(e.currentTarget.value)}
      />
    </label>
  );
}

export function TextArea(p: { label: string; name: string; value: string; onChange(v: string): void; placeholder?: string; rows?: number; required?: boolean }) {
  return (
    <label>
      {p.label}
      <textarea
        name={p.name}
        rows={p.rows ?? 3}
        value={p.value}
        placeholder={p.placeholder}
        required={p.required}
        onInput={(e) => p.onChange(e.currentTarget.value)}
      />
    </label>
  );
}

export function Check(p: { label: string; name: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <label class="inline">
      <input name={p.name} type="checkbox" checked={p.checked} onChange={(e) => p.onChange(e.currentTarget.checked)} /> {p.label}
    </label>
  );
}

/** One checkbox per option; the value is the options ticked, in the order they were ticked. */
export function CheckList(p: { name: string; options: readonly string[]; value: string[]; onChange(v: string[]): void }) {
  return (
    <div class="checks">
      {p.options.map((o) => (
        <Check
          label={o}
          name={`${p.name}-${o}`}
          checked={p.value.includes(o)}
          onChange={(on) => p.onChange(on ? [...p.value, o] : p.value.filter((x) => x !== o))}
        />
      ))}
    </div>
  );
}

export function Select<T extends string>(p: { label: string; name: string; value: T; options: readonly T[]; onChange(v: T): void }) {
  return (
    <label>
      {p.label}
      <select name={p.name} value={p.value} onChange={(e) => p.onChange(e.currentTarget.value as T)}>
        {p.options.map((o) => (
          <option value={o}>{o}</option>
        ))}
      </select>
    </label>
  );
}

export function Row({ children }: { children: ComponentChildren }) {
  return <div class="row">{children}</div>;
}

/** One entry per line (or comma), blanks dropped. */
export const listOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A number field's value, or undefined when left empty. */
export const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
