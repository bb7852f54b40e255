export interface Tab {
  id: string;
  label: string;
}

export function Tabs({ tabs, current, onSelect }: { tabs: Tab[]; current: string; onSelect(id: string): void }) {
  return (
    <div class="tabs" role="tablist">
      {tabs.map((t) => (
        <button
          type="button"
          role="tab"
          aria-selected={t.id === current}
          class={t.id === current ? 'tab active' : 'tab'}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
