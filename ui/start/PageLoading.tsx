/** Shown while a lazily loaded page arrives; progress appears only if it takes over 300 ms. */
import { Busy } from '../common/Busy';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Busy active />
    </div>
  );
}
