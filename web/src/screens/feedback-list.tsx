import { useApi } from '../api/use-api.js';
import { Empty, ErrorNote, Loading } from '../components/notes.js';

interface Feedback {
  id: string;
  endpoint: string;
  jobId: string;
  rating: 'good' | 'partial' | 'bad';
  note?: string;
  missingContent?: unknown[];
  createdAt: string;
}

const RATING_CLASS = { good: 'ok', partial: '', bad: 'bad' } as const;

/** What the team said about its results (`POST /v2/feedback`, the SDKs' feedback methods), newest first. */
export function FeedbackList() {
  const list = useApi<{ data: Feedback[] }>('/v2/feedback?limit=20');
  const items = list.data?.data ?? [];
  return (
    <div class="card" data-testid="feedback-list">
      <h3>Feedback sent</h3>
      {list.error !== undefined && <ErrorNote error={list.error} />}
      {list.loading && !list.data && <Loading />}
      {list.data && items.length === 0 && <Empty>No feedback yet: the SDKs send it with their feedback methods (POST /v2/feedback).</Empty>}
      {items.length > 0 && (
        <div class="table-scroll">
          <table class="table">
            <thead>
              <tr>
                <th>When</th>
                <th>Endpoint</th>
                <th>Rating</th>
                <th>Note</th>
              </tr>
            </thead>
            <tbody>
              {items.map((f) => (
                <tr data-feedback-id={f.id}>
                  <td class="state">{new Date(f.createdAt).toLocaleString()}</td>
                  <td>{f.endpoint}</td>
                  <td>
                    <span class={`badge ${RATING_CLASS[f.rating]}`}>{f.rating}</span>
                  </td>
                  <td>{f.note ?? (f.missingContent?.length ? `${f.missingContent.length} missing` : '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
