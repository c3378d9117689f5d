/** The browser entry: one tab only, then the worker, the mirror store and the React tree. */
import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { connectWorker } from './bridge/connectWorker';
import { startLiveApp } from './liveApp';
import { SecondTabNotice } from '../ui/shell/SecondTabNotice';
import { claimSingleTab } from './singleTab';

const root = createRoot(document.getElementById('root')!);

void claimSingleTab().then((claimed) => {
  if (!claimed) {
    root.render(<SecondTabNotice />);
    return;
  }
  const handle = connectWorker();
  const App = startLiveApp(handle);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  window.addEventListener('pagehide', () => handle.dispose());
});
