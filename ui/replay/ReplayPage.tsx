/**
 * The engineers' debugger: open a recorded event log (file, drop, `?log=URL&at=MS`, or the kiosk's own log),
 * scrub its timeline of markers, read the events near the cursor, play it back, and export clips. The screen
 * beside it is the real UI rendered from the replayed state of that moment.
 */
import './strings';
import './replay.css';
import { useState, type ComponentType } from 'react';
import { reaches } from '../../core/route/access';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useReplay, type ReplayControls } from '../../src/bridge/useReplay';
import { useT } from '../../src/i18n';
import type { ReplayInfo, ReplaySource } from '../../worker/replayApi';
import { OpenPanel } from './OpenPanel';
import { Timeline, type View } from './Timeline';
import { EventList } from './EventList';
import { SidePanels, type SidePanel } from './SidePanels';
import { SearchPanel } from './SearchPanel';
import { StatePanel } from './StatePanel';
import { EventChangesPanel } from './EventChangesPanel';
import { ComparePanel, type CompareMarks } from './ComparePanel';
import { PlaybackBar } from './PlaybackBar';
import { ClipBar, clipRange, type ClipMarks } from './ClipBar';
import { ReplayedScreen } from './ReplayedScreen';
import { reportLogPath, ReportsPanel } from './ReportsPanel';
import type { ReportEntry } from '../../worker/reportList';

/** `pages`: the app's routes, rendered inside the replayed shell (handed in, so this module never imports them). */
export default function ReplayPage({ pages }: { pages: ComponentType }) {
  const t = useT();
  const actions = useActions();
  const search = useCore((s) => s.route.search);
  // The kiosk's own log holds staff names and messages: it needs the login (the core's guard on `log=own`).
  const ownLogOpen = useCore((s) => reaches(s, '/replay', 'log=own'));
  const [logUrl, setLogUrl] = useState<string | null>(null);
  const openFrom = (opener: ReplayControls['open'], source: ReplaySource, at?: number) => {
    setLogUrl(source.kind === 'url' ? source.url : null);
    return opener(source, at);
  };
  const openOwnWith = async (opener: ReplayControls['open'], at?: number) => {
    // The stored log as a file, read by slices like any picked file (a week of it is up to 200 MB).
    const source: ReplaySource = actions.exportLogFile ? { kind: 'file', file: await actions.exportLogFile(), name: 'kiosk' } : { kind: 'text', text: await actions.exportLog(), name: 'kiosk' };
    setLogUrl('own');
    await opener(source, at);
  };
  // A shared link (`?log=URL&at=MS`, or `log=own`) opens its log at its moment once the worker is there.
  const replay = useReplay((opener) => {
    const query = new URLSearchParams(search);
    const log = query.get('log');
    if (!log) return;
    const at = Number(query.get('at') ?? Number.NaN);
    const moment = Number.isFinite(at) ? at : undefined;
    void (log === 'own' ? openOwnWith(opener, moment) : openFrom(opener, { kind: 'url', url: log }, moment));
  });
  const { info, remote } = replay;
  // The zoomed view belongs to the log it was chosen on; a new log shows its whole span.
  const [zoomed, setZoomed] = useState<{ of: number; view: View } | null>(null);
  const setView = (v: View) => setZoomed({ of: replay.opened, view: v });
  const [marks, setMarks] = useState<{ of: number; marks: ClipMarks } | null>(null);
  const clip = info && marks?.of === replay.opened ? marks.marks : { from: null, to: null };
  // The report whose clip is open (while the open log is its address): its moment is flagged with its note.
  const [report, setReport] = useState<ReportEntry | null>(null);
  const pin = report && logUrl === reportLogPath(report.id) ? { at: Date.parse(report.at), note: report.note } : null;
  // A report's moment may come a little after its clip's last event: the span reaches it.
  const view = info && zoomed?.of === replay.opened ? zoomed.view : info && wholeSpan(info, pin?.at);
  const openReport = (r: ReportEntry) => {
    setReport(r);
    void openFrom(replay.open, { kind: 'url', url: reportLogPath(r.id) }, Date.parse(r.at));
  };
  const position = replay.position;
  // A panel's moment stops playback, as a touch on the timeline does: the engineer wants to read that moment.
  const seekHere = (at: number) => {
    replay.pause();
    replay.seek(at);
  };
  // The column beside the screen: one panel at a time, each its own component (another list is one more entry).
  // Marks A and B belong to the log they were set on, as the clip's marks do.
  const [compareMarks, setCompareMarks] = useState<{ of: number; marks: CompareMarks } | null>(null);
  const ab = compareMarks?.of === replay.opened ? compareMarks.marks : { a: null, b: null };
  const panels: SidePanel[] =
    info && position !== null
      ? [
          { id: 'events', label: t('replay.events'), render: () => <EventList remote={remote} total={info.events} position={position} onSeek={seekHere} /> },
          { id: 'search', label: t('replay.searchTab'), render: () => <SearchPanel remote={remote} onSeek={seekHere} /> },
          { id: 'state', label: t('replay.state'), render: () => <StatePanel remote={remote} position={position} /> },
          { id: 'changed', label: t('replay.eventChanged'), render: () => <EventChangesPanel remote={remote} position={position} /> },
          {
            id: 'compare',
            label: t('replay.compare'),
            render: () => <ComparePanel remote={remote} position={position} marks={ab} onMarks={(m) => setCompareMarks({ of: replay.opened, marks: m })} />,
          },
        ]
      : [];

  return (
    <section className="replay" aria-label={t('replay.title')}>
      {/* One row: the open panel, and beside it the reports (closed over an open log, a list of its own before). */}
      <div className="replay-top">
        <OpenPanel
          onOpen={(source) => void openFrom(replay.open, source)}
          onOpenOwn={() =>
            ownLogOpen ? void openOwnWith(replay.open) : actions.dispatch({ type: 'ui/navigated', path: '/replay', search: 'log=own' })
          }
          progress={replay.progress}
          error={replay.error}
          info={info}
        />
        <ReportsPanel onOpen={openReport} openedId={pin ? (report?.id ?? null) : null} logOpen={info !== null} />
      </div>
      {info && view && replay.position !== null ? (
        <>
          <div className="replay-body">
            <ReplayedScreen store={replay.store} pages={pages} remote={remote} />
            <SidePanels label={t('replay.panels')} panels={panels} />
          </div>
          <Timeline
            info={info}
            markers={replay.markers}
            view={view}
            position={replay.position}
            clip={clipRange(clip, info)}
            onSeek={seekHere}
            onView={setView}
            indexedTo={replay.indexedTo}
            pin={pin}
          >
            <ClipBar remote={remote} info={info} position={replay.position} marks={clip} onMarks={(m) => setMarks({ of: replay.opened, marks: m })} />
          </Timeline>
          <PlaybackBar replay={replay} info={info} logUrl={logUrl} />
        </>
      ) : (
        !replay.progress && <p className="replay-empty">{t('replay.empty')}</p>
      )}
    </section>
  );
}

function wholeSpan(info: ReplayInfo, until = Number.NEGATIVE_INFINITY): View {
  const from = info.first ?? 0;
  return { from, to: Math.max(info.last ?? from, until, from + 1) };
}
