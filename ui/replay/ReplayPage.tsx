/**
 * The engineers' debugger: open a recorded event log (file, drop, `?log=URL&at=MS`, or the kiosk's own log),
 * scrub its timeline of markers, read the events near the cursor, play it back, and export clips. The screen
 * beside it is the real UI rendered from the replayed state of that moment.
 */
import './strings';
import './replay.css';
import { useState, type ComponentType } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useReplay, type ReplayControls } from '../../src/bridge/useReplay';
import { useT } from '../../src/i18n';
import type { ReplayInfo, ReplaySource } from '../../worker/replayApi';
import { OpenPanel } from './OpenPanel';
import { Timeline, type View } from './Timeline';
import { EventList } from './EventList';
import { SidePanels, type SidePanel } from './SidePanels';
import { PlaybackBar } from './PlaybackBar';
import { ClipBar, clipRange, type ClipMarks } from './ClipBar';
import { ReplayedScreen } from './ReplayedScreen';

/** `pages`: the app's routes, rendered inside the replayed shell (handed in, so this module never imports them). */
export default function ReplayPage({ pages }: { pages: ComponentType }) {
  const t = useT();
  const actions = useActions();
  const search = useCore((s) => s.route.search);
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
  const view = info && zoomed?.of === replay.opened ? zoomed.view : info && wholeSpan(info);
  const setView = (v: View) => setZoomed({ of: replay.opened, view: v });
  const [marks, setMarks] = useState<{ of: number; marks: ClipMarks } | null>(null);
  const clip = info && marks?.of === replay.opened ? marks.marks : { from: null, to: null };
  const position = replay.position;
  // A panel's moment stops playback, as a touch on the timeline does: the engineer wants to read that moment.
  const seekHere = (at: number) => {
    replay.pause();
    replay.seek(at);
  };
  // The column beside the screen: one panel at a time, each its own component (another list is one more entry).
  const panels: SidePanel[] =
    info && position !== null
      ? [{ id: 'events', label: t('replay.events'), render: () => <EventList remote={remote} total={info.events} position={position} onSeek={seekHere} /> }]
      : [];

  return (
    <section className="replay" aria-label={t('replay.title')}>
      <OpenPanel
        onOpen={(source) => void openFrom(replay.open, source)}
        onOpenOwn={() => void openOwnWith(replay.open)}
        progress={replay.progress}
        error={replay.error}
        info={info}
      />
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
            onSeek={(at) => {
              replay.pause();
              replay.seek(at);
            }}
            onView={setView}
            indexedTo={replay.indexedTo}
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

function wholeSpan(info: ReplayInfo): View {
  const from = info.first ?? 0;
  return { from, to: Math.max(info.last ?? from, from + 1) };
}
