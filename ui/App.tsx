/** The live app: the shell around the pages of the specification's routes. */
import { Shell } from './Shell';
import { Routes } from './routes';

export function App({ history = false }: { history?: boolean }) {
  return (
    <Shell history={history}>
      <Routes />
    </Shell>
  );
}
