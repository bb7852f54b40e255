/** Named team-wide settings, each a JSON value (e.g. `threatProtection`). */
export interface TeamSettingStore {
  get<T = unknown>(teamId: string, name: string): Promise<T | null>;
  put(teamId: string, name: string, value: unknown, now: Date): Promise<void>;
}
