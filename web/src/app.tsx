import { signOut, useApiKey } from './api/session.js';
import { href, useRoute } from './router.js';
import { BrowserScreen } from './screens/browser.js';
import { JobScreen, JobsScreen } from './screens/jobs.js';
import { KeysScreen } from './screens/keys.js';
import { MonitorScreen, MonitorsScreen } from './screens/monitors.js';
import { Playground } from './playground/playground.js';
import { SignIn } from './screens/sign-in.js';
import { UsageScreen } from './screens/usage.js';

// `short` is shown on a phone, where the navigation is one row across the top.
const NAV = [
  { id: 'playground', label: 'Playground', short: 'Play' },
  { id: 'jobs', label: 'Jobs', short: 'Jobs' },
  { id: 'usage', label: 'Usage', short: 'Usage' },
  { id: 'keys', label: 'API keys', short: 'Keys' },
  { id: 'monitors', label: 'Monitors', short: 'Monitors' },
  { id: 'browser', label: 'Browser sessions', short: 'Browser' },
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
          <a
            href={href(n.id)}
            class={n.id === screen ? 'nav active' : 'nav'}
            aria-current={n.id === screen ? 'page' : undefined}
            aria-label={n.label}
            data-testid="nav-link"
          >
            <span class="long">{n.label}</span>
            <span class="short">{n.short}</span>
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
