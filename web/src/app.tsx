import { signOut, useApiKey } from './api/session.js';
import { href, useRoute } from './router.js';
import { BrowserScreen } from './screens/browser.js';
import { JobScreen, JobsScreen } from './screens/jobs.js';
import { KeysScreen } from './screens/keys.js';
import { MonitorScreen, MonitorsScreen } from './screens/monitors.js';
import { Playground } from './playground/playground.js';
import { SignIn } from './screens/sign-in.js';
import { UsageScreen } from './screens/usage.js';

const NAV = [
  { id: 'playground', label: 'Playground' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'usage', label: 'Usage' },
  { id: 'keys', label: 'API keys' },
  { id: 'monitors', label: 'Monitors' },
  { id: 'browser', label: 'Browser sessions' },
];

export function App() {
  const key = useApiKey();
  const [screen = 'playground', ...rest] = useRoute();
  if (!key) return <SignIn />;
  return (
    <div class="shell">
      <nav class="sidebar">
        <div class="brand">Trawl</div>
        {NAV.map((n) => (
          <a href={href(n.id)} class={n.id === screen ? 'nav active' : 'nav'} aria-current={n.id === screen ? 'page' : undefined}>
            {n.label}
          </a>
        ))}
        <div class="sidebar-foot">
          <div class="muted small" title="The key this dashboard is signed in with">
            {key.slice(0, 11)}…
          </div>
          <button type="button" class="link" onClick={signOut}>
            Sign out
          </button>
        </div>
      </nav>
      <main class="content">{routeTo(screen, rest)}</main>
    </div>
  );
}

function routeTo(screen: string, rest: string[]) {
  switch (screen) {
    case 'jobs':
      return rest[0] && rest[1] && (rest[0] === 'crawl' || rest[0] === 'batch') ? (
        <JobScreen kind={rest[0]} id={rest[1]} />
      ) : (
        <JobsScreen />
      );
    case 'usage':
      return <UsageScreen />;
    case 'keys':
      return <KeysScreen />;
    case 'monitors':
      return rest[0] ? <MonitorScreen id={rest[0]} checkId={rest[2]} /> : <MonitorsScreen />;
    case 'browser':
      return <BrowserScreen />;
    default:
      return <Playground tool={rest[0]} />;
  }
}
