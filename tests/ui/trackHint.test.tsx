/** /mapping/track's hint: how to pause while mapping, how to go on while paused (issue 34). */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MappingTrackPage } from '../../ui/map/MappingTrackPage';
import { renderWithCore, stateWith } from './render';
import { addStrings } from '../../src/i18n';
import en from '../../locales/areas/map.en.json';
import it_ from '../../locales/areas/map.it.json';

addStrings({ en, it: it_ });

describe('the mapping hint', () => {
  it('says how to pause while mapping, and how to go on once paused', () => {
    const r = renderWithCore(<MappingTrackPage />, stateWith({ route: { path: '/mapping/track' }, follow: { following: true } }));
    expect(screen.getByTestId('track-hint').textContent).toBe('To pause the mapping, come closer and tap the screen.');
    r.unmount();
    renderWithCore(<MappingTrackPage />, stateWith({ route: { path: '/mapping/track' }, mapEdit: { panel: 'pausing' } }));
    expect(screen.getByTestId('track-hint').textContent).toBe('Mapping is paused: tap Resume to go on, or End to finish.');
  });
});
