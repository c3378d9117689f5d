/** The reported moment on the timeline's strip: a flag labelled with the operator's note (ui/replay/ReportsPanel.tsx). */
import { useT } from '../../src/i18n';
import type { ReportPin, View } from './replayTypes';

export function ReportMarker({ pin, view }: { pin: ReportPin; view: View }) {
  const t = useT();
  const x = (pin.at - view.from) / (view.to - view.from);
  if (!(x >= 0 && x <= 1)) return null;
  // The label reads leftwards near the strip's right end, so it never runs off the page.
  return (
    <div className={x > 0.6 ? 'replay-report-marker replay-report-marker-left' : 'replay-report-marker'} style={{ left: `${x * 100}%` }} data-testid="replay-report-marker">
      <span>{t('replay.reports.marker', { note: pin.note })}</span>
    </div>
  );
}
