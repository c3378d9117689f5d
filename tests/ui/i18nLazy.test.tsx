import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { loadLanguage, translator, useT } from '../../src/i18n';
import { renderWithCore, stateWith } from './render';

function Greeting() {
  const t = useT();
  return <p>{t('powerOff.question', { robot: 'Node' })}</p>;
}

describe('the Italian table loads on demand', () => {
  it('answers in English until it arrives, then the page renders in Italian by itself', async () => {
    // No test in this file loads Italian first: the table is not there yet.
    expect(translator('it')('powerOff.cancel')).toBe('Cancel');
    renderWithCore(<Greeting />, stateWith({ settings: { data: { language: 'it' }, status: 'loaded' } }));
    expect(screen.getByText('Node will power off. Do you confirm?')).toBeTruthy();
    expect(await screen.findByText('Node si spegnerà. Confermi?')).toBeTruthy();
    await loadLanguage('it');
    expect(translator('it')('powerOff.cancel')).toBe('Annulla');
  });

  it('shows a key missing everywhere as the key itself', () => {
    expect(translator('it')('no.such.key')).toBe('no.such.key');
  });
});
