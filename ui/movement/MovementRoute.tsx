/** The movement area's lazy chunk: the /movement/{id} page with the missions strings and its styles. */
import '../missions/strings';
import './movement.css';
import { MovementPage } from './MovementPage';

export default function MovementRoute() {
  return <MovementPage />;
}
