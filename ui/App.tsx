/** The app shell around every page, and the routes of the specification. */
import { Router } from 'wouter';
import { useHistorySync } from '../src/bridge/useCoreLocation';
import { useCoreLocation } from '../src/bridge/useCoreLocation';
import { TopBar } from './shell/TopBar';
import { Routes } from './routes';

export function App({ history = false }: { history?: boolean }) {
  useHistorySync(history);
  return (
    <Router hook={useCoreLocation}>
      <div className="shell">
        <TopBar />
        <main className="shell-main">
          <Routes />
        </main>
      </div>
    </Router>
  );
}
