import { SECTIONS } from './setting.js';
import { allSettings } from './settings.js';

export const TABLE_START = '<!-- settings:start (generated from src/config/settings.ts by `npm run docs:settings`: edit there) -->';
export const TABLE_END = '<!-- settings:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The README's settings: one table per section, in settings.ts's order. */
export function settingsTable(): string {
  const declared = allSettings().map((d) => d.setting);
  const parts: string[] = [];
  for (const [section, title] of Object.entries(SECTIONS)) {
    const rows = declared.filter((s) => s.section === section);
    if (!rows.length) continue;
    parts.push(`### ${title}`, '', '| Variable | Default | Meaning |', '|---|---|---|');
    for (const s of rows) {
      const shown = s.defaultText ?? (s.default ? `\`${s.default}\`` : '—');
      parts.push(`| \`${s.env}\` | ${cell(shown)} | ${cell(s.doc)} |`);
    }
    parts.push('');
  }
  return parts.join('\n').trimEnd();
}

/** `readme` with the text between the markers replaced by the table; throws when a marker is missing. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${TABLE_START} and ${TABLE_END} around the settings table`);
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${settingsTable()}\n\n${readme.slice(end)}`;
}
