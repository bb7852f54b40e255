import { useState } from 'preact/hooks';
import { useApi } from '../api/use-api.js';
import { type Bar, BarChart } from '../components/bar-chart.js';
import { Check } from '../components/fields.js';
import { ErrorNote, Loading } from '../components/notes.js';
import { FeedbackList } from './feedback-list.js';

interface Period {
  startDate: string | null;
  apiKey: string | null;
  creditsUsed?: number;
  tokensUsed?: number;
}

/** Months shown, ending with the newest month that has usage: at least a half-year, at most a year. */
const MIN_MONTHS = 6;
const MAX_MONTHS = 12;

function toBars(periods: Period[], field: 'creditsUsed' | 'tokensUsed', byKey: boolean): Bar[] {
  const byMonth = new Map<string, Map<string, number>>();
  for (const p of periods) {
    if (!p.startDate) continue;
    const month = p.startDate.slice(0, 7);
    const parts = byMonth.get(month) ?? new Map<string, number>();
    const series = p.apiKey ?? (byKey ? 'without a key' : 'all keys');
    parts.set(series, (parts.get(series) ?? 0) + (p[field] ?? 0));
    byMonth.set(month, parts);
  }
  const months = [...byMonth.keys()].sort();
  if (months.length === 0) return [];
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const last = index(months.at(-1)!);
  const span = Math.min(MAX_MONTHS, Math.max(MIN_MONTHS, last - index(months[0]!) + 1));
  const bars: Bar[] = [];
  for (let i = last - span + 1; i <= last; i++) {
    const d = new Date(Date.UTC(Math.floor(i / 12), i % 12, 1));
    const parts = byMonth.get(d.toISOString().slice(0, 7));
    bars.push({
      label: d.toLocaleString('en', { month: 'short', year: '2-digit', timeZone: 'UTC' }),
      parts: parts ? [...parts].map(([series, value]) => ({ series, value })) : [],
    });
  }
  return bars;
}

export function UsageScreen() {
  const [byKey, setByKey] = useState(false);
  const credits = useApi('/v2/team/credit-usage');
  const tokens = useApi('/v2/team/token-usage');
  const queue = useApi('/v2/team/queue-status');
  const creditHistory = useApi<{ periods: Period[] }>(`/v2/team/credit-usage/historical?byApiKey=${byKey}`);
  const tokenHistory = useApi<{ periods: Period[] }>(`/v2/team/token-usage/historical?byApiKey=${byKey}`);
  const c = credits.data?.data;
  const t = tokens.data?.data;
  const q = queue.data;

  return (
    <section>
      <h2>Usage</h2>
      <div class="stats">
        <Stat label="Credits left" value={c?.remainingCredits} of={c?.planCredits} />
        <Stat label="Tokens left" value={t?.remainingTokens} of={t?.planTokens} />
        <Stat label="Jobs in queue" value={q?.jobsInQueue} detail={q ? `${q.activeJobsInQueue} active, limit ${q.maxConcurrency}` : undefined} />
      </div>
      {c?.billingPeriodStart && (
        <p class="muted small">
          Billing period {new Date(c.billingPeriodStart).toLocaleDateString()} – {new Date(c.billingPeriodEnd).toLocaleDateString()}
        </p>
      )}
      {credits.error !== undefined && <ErrorNote error={credits.error} />}
      <Check label="Per API key" name="byApiKey" checked={byKey} onChange={setByKey} />
      <History title="Credits used per month" unit="credits" loaded={creditHistory} field="creditsUsed" byKey={byKey} testId="credits-chart" />
      <History title="Tokens used per month" unit="tokens" loaded={tokenHistory} field="tokensUsed" byKey={byKey} testId="tokens-chart" />
      <FeedbackList />
    </section>
  );
}

function History(p: {
  title: string;
  unit: string;
  field: 'creditsUsed' | 'tokensUsed';
  byKey: boolean;
  testId: string;
  loaded: { data?: { periods: Period[] }; error: unknown; loading: boolean };
}) {
  const bars = p.loaded.data ? toBars(p.loaded.data.periods, p.field, p.byKey) : [];
  return (
    <div class="card">
      <h3>{p.title}</h3>
      {p.loaded.error !== undefined && <ErrorNote error={p.loaded.error} />}
      {p.loaded.loading && !p.loaded.data && <Loading />}
      {p.loaded.data && bars.length === 0 && <div class="empty">Nothing used yet.</div>}
      {bars.length > 0 && <BarChart bars={bars} unit={p.unit} legend={p.byKey} testId={p.testId} />}
    </div>
  );
}

function Stat({ label, value, of, detail }: { label: string; value?: number; of?: number; detail?: string | undefined }) {
  // The unlimited plan reports 999,999,999 credits (an integer, for the SDKs).
  const unlimited = value !== undefined && value >= 999_999_999;
  return (
    <div class="stat card">
      <div class="muted small">{label}</div>
      <div class="stat-value">{value === undefined ? '…' : unlimited ? 'Unlimited' : value.toLocaleString()}</div>
      {of !== undefined && !unlimited && of > 0 && <div class="muted small">of {of.toLocaleString()}</div>}
      {detail && <div class="muted small">{detail}</div>}
    </div>
  );
}
