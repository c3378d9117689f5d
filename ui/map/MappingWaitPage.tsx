/**
 * /mapping/wait: how to start being followed. Exit and the picture ask first, then stop mapping and follow-me
 * and go to the missions: the robot is never left mapping with nothing on screen.
 */
import { useState } from 'react';
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Page } from '../common/Page';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Busy } from '../common/Busy';
import { MapError } from './MapError';

function FollowArt() {
  return (
    <svg viewBox="0 0 320 220" width="480" height="330" aria-hidden="true" className="follow-art">
      <rect x="24" y="120" width="84" height="70" rx="16" fill="#0b5cad" />
      <circle cx="50" cy="196" r="12" fill="#17202a" />
      <circle cx="84" cy="196" r="12" fill="#17202a" />
      <rect x="44" y="96" width="44" height="30" rx="10" fill="#d8e6f5" />
      <path d="M120 150 H200" stroke="#8a97a6" strokeWidth="6" strokeDasharray="10 10" />
      <circle cx="250" cy="52" r="22" fill="#3d77b8" />
      <path d="M250 76 V150 M250 150 L226 206 M250 150 L274 206 M250 96 L214 70 M250 96 L288 116" stroke="#3d77b8" strokeWidth="14" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function MappingWaitPage() {
  const t = useT();
  const { dispatch } = useActions();
  const busy = useCore((s) => s.mapEdit.busy);
  const [asking, setAsking] = useState(false);
  const exit = () => setAsking(true);
  return (
    <Page
      className="page-centered"
      title={t('map.wait.title')}
      back={{ label: t('map.wait.exit'), onClick: exit }}
    >
      <div className="hero">
        <button type="button" className="follow-art-button" onClick={exit} aria-label={t('map.wait.imageLabel')} data-testid="mapping-image">
          <FollowArt />
        </button>
      </div>
      <MapError />
      <Busy active={busy} label={t('map.wait.stopping')} />
      {asking && (
        <ConfirmDialog
          title={t('map.wait.stopTitle')}
          body={t('map.wait.stopBody')}
          keepLabel={t('map.wait.keepMapping')}
          confirmLabel={t('map.wait.stopMapping')}
          onKeep={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            dispatch({ type: 'ui/mappingPanel', action: 'exitWait' });
          }}
          tone="warn"
          testId="mapping-exit-dialog"
        />
      )}
    </Page>
  );
}
