/**
 * Compare two moments: 'Mark A' and 'Mark B' set them at the cursor, and 'Changes from A to B' lists every
 * path whose value differs, with its value at A and at B, grouped by slice. The replay worker computes the
 * difference from its checkpoints (either order, any distance); the page keeps only the two moments.
 */
import { useT } from '../../src/i18n';
import type { DebugApi } from '../../worker/debugApi';
import { momentText } from './strings';
import { ChangeTable } from './EventChangesPanel';
import { useWorkerAnswer } from './useWorkerAnswer';

/** What the panel asks of the replay worker: the paths whose values differ at `a` and at `b`, by slice. */
export type CompareSource = Pick<DebugApi, 'compare'>;

export interface CompareMarks {
  a: number | null;
  b: number | null;
}

interface Props {
  remote: CompareSource | null;
  position: number;
  marks: CompareMarks;
  onMarks(marks: CompareMarks): void;
}

export function ComparePanel({ remote, position, marks, onMarks }: Props) {
  const t = useT();
  const { a, b } = marks;
  const ask = remote && a !== null && b !== null ? () => remote.compare(a, b) : null;
  const slices = useWorkerAnswer(ask, [remote, a, b])?.slices;
  const here = Math.round(position);
  return (
    <div className="replay-compare">
      <div className="replay-marks">
        <Mark name="A" at={a} onMark={() => onMarks({ ...marks, a: here })} />
        <Mark name="B" at={b} onMark={() => onMarks({ ...marks, b: here })} />
      </div>
      {ask === null ? (
        <p className="replay-panel-note">{t('replay.markBoth')}</p>
      ) : slices === undefined ? (
        <p className="replay-panel-note">{t('replay.reading')}</p>
      ) : slices.length === 0 ? (
        <p className="replay-panel-note">{t('replay.noDifference')}</p>
      ) : (
        // Focusable, so a keyboard scrolls it when long (it holds no control of its own).
        <div className="replay-compare-slices" tabIndex={0}>
          {slices.map((s) => (
            <section key={s.slice} aria-label={t('replay.sliceChanges', { slice: s.slice })}>
              <h2>{s.slice}</h2>
              <ChangeTable rows={s.paths.map((c) => ({ path: c.path, one: c.a, two: c.b }))} label={t('replay.sliceChanges', { slice: s.slice })} one={t('replay.atA')} two={t('replay.atB')} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

/** A mark's button and the moment it holds. */
function Mark({ name, at, onMark }: { name: 'A' | 'B'; at: number | null; onMark(): void }) {
  const t = useT();
  return (
    <div className="replay-panel-bar">
      <button type="button" className="btn btn-secondary" onClick={onMark}>
        {t(name === 'A' ? 'replay.markA' : 'replay.markB')}
      </button>
      <span className="replay-mark" data-testid={`replay-mark-${name.toLowerCase()}`}>
        {at === null ? t('replay.markUnset', { mark: name }) : t('replay.markAt', { mark: name, moment: momentText(at) })}
      </span>
    </div>
  );
}
