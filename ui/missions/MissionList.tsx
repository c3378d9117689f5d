/**
 * /missions: the defined missions, newest first under long date headings, with a search box and the floating
 * action that starts a quick or a path mission.
 */
import { useMemo, useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useLanguage, useT } from '../../src/i18n';
import { missionGroups, savedDefinitions } from '../../core/missions/views';
import { TextField } from '../keyboard/TextField';
import { Busy } from '../common/Busy';
import { longDate } from './strings';
import { MissionRowView } from './MissionRowView';
import { NewMissionMenu } from './NewMissionMenu';
import { MissionNotice } from './MissionNotice';
import { QueuedCharge } from './QueuedCharge';

export function MissionList() {
  const t = useT();
  const lang = useLanguage();
  const { dispatch } = useActions();
  const missions = useCore((s) => s.missions);
  const tz = useCore((s) => s.clock.tzOffsetMinutes);
  const [query, setQuery] = useState('');
  // Purely visual: once the list is scrolled, the search head draws its edge, so a card cut at the list's top
  // reads as scrolled under the head rather than as cut off (issue 34, as the page heads of Page.tsx do).
  const [scrolled, setScrolled] = useState(false);
  const anyone = t('missions.anyone');
  const groups = useMemo(() => missionGroups(missions, query, tz, anyone), [missions, query, tz, anyone]);
  const none = savedDefinitions(missions.definitions).length === 0;
  return (
    <section className="missions" aria-labelledby="missions-title">
      <header className={`missions-head${scrolled ? ' missions-head-scrolled' : ''}`}>
        <h1 id="missions-title" className="sr-only">
          {t('missions.title')}
        </h1>
        <div className={`missions-search${none ? ' missions-search-off' : ''}`}>
          <TextField label={t('missions.searchLabel')} value={query} onChange={setQuery} placeholder={t('missions.searchPlaceholder')} testId="mission-search" disabled={none} />
        </div>
        <Busy active={missions.status === 'pending'} label={t('missions.loading')} />
      </header>
      <MissionNotice />
      <QueuedCharge />
      {missions.status === 'failed' && (
        <div className="missions-error" role="alert">
          <p className="form-error">{t('missions.loadFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => dispatch({ type: 'ui/missionsReloadPressed' })}>
            {t('missions.retry')}
          </button>
        </div>
      )}
      {none && missions.status !== 'pending' ? (
        <div className="empty-state missions-empty">
          <h2>{t('missions.emptyTitle')}</h2>
          <p>{t('missions.emptyBody')}</p>
        </div>
      ) : groups.length === 0 && !none ? (
        <p className="missions-nomatch" role="status">
          {t('missions.noMatch')}
        </p>
      ) : (
        <div className="missions-groups" data-testid="mission-list" onScroll={(e) => setScrolled(e.currentTarget.scrollTop > 0)}>
          {groups.map((g) => (
            <section key={`${g.year}-${g.month}-${g.day}`} className="missions-group" aria-label={longDate(lang, g)}>
              <h2 className="missions-date">{longDate(lang, g)}</h2>
              <ul className="missions-rows">
                {g.rows.map((row) => (
                  <MissionRowView key={row.id} row={row} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <NewMissionMenu />
    </section>
  );
}
