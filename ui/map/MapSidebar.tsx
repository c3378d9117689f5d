/** /map's sidebar: the tools, the destination search and list, and the no-go zones. */
import { useState } from 'react';
import { shallowEqual, useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { searchDestinations } from '../../core/map/search';
import type { MapTool } from '../../core/map/mapState';
import type { Destination } from '../../core/schemas/entities';
import { TextField } from '../keyboard/TextField';
import { CloseIcon } from '../common/icons';
import { NameText } from '../common/NameText';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { zoneInMetres } from '../../core/map/zoneMetres';
import { useFormat } from '../common/format';

const TOOLS: MapTool[] = ['destination', 'zone', 'pan'];

export function MapTools({ zones = true }: { zones?: boolean }) {
  const t = useT();
  const { dispatch } = useActions();
  const tool = useCore((s) => s.mapEdit.tool);
  const corner = useCore((s) => s.mapEdit.zoneCorner);
  return (
    <div className="map-tools-wrap">
      <div className="map-tools" role="radiogroup" aria-label={t('map.tools.label')}>
        {TOOLS.filter((x) => zones || x !== 'zone').map((x) => (
          <button
            key={x}
            type="button"
            role="radio"
            aria-checked={tool === x}
            className={`map-tool ${tool === x ? 'map-tool-on' : ''}`}
            onClick={() => dispatch({ type: 'ui/mapToolChosen', tool: x })}
            data-testid={`tool-${x}`}
          >
            {t(`map.tools.${x}`)}
          </button>
        ))}
      </div>
      <p className="map-hint" data-testid="tool-hint">
        {tool === 'zone' ? t(corner ? 'map.tools.zoneSecond' : 'map.tools.zoneFirst') : t(`map.tools.${tool}Hint`)}
      </p>
    </div>
  );
}

function DestinationButton({ d }: { d: Destination }) {
  const { dispatch } = useActions();
  return (
    <li>
      <button type="button" className="map-list-item" onClick={() => dispatch({ type: 'ui/destinationEdited', edit: { op: 'open', id: d.id } })}>
        <span className="map-list-dot" style={{ background: d.color ?? '#d9d9d9' }} aria-hidden="true" />
        <NameText name={d.name} lines={3} inControl />
      </button>
    </li>
  );
}

export function MapSidebar() {
  const t = useT();
  const { dispatch } = useActions();
  const destinations = useCore((s) => s.mapEdit.destinations);
  const zones = useCore((s) => s.mapEdit.zones);
  const frame = useCore((s) => (s.map.origin && s.map.resolution && s.map.height ? { origin: s.map.origin, resolution: s.map.resolution, height: s.map.height } : null), shallowEqual);
  const format = useFormat();
  /** A zone's size and centre in metres, written as the page's language writes numbers. */
  const metres = (z: (typeof zones)[number], f: NonNullable<typeof frame>) => {
    const m = zoneInMetres(z, f);
    return { x: format.number(m.x), y: format.number(m.y), width: format.number(m.width), height: format.number(m.height) };
  };
  const [query, setQuery] = useState('');
  // Deleting a zone asks first, as deleting a destination does (purely the dialog's visibility).
  const [deleting, setDeleting] = useState<{ id: number; n: number } | null>(null);
  const results = searchDestinations(destinations, query);
  return (
    <>
      <MapTools />
      <TextField label={t('map.search.label')} value={query} onChange={setQuery} placeholder={t('map.search.placeholder')} testId="destination-search" />
      {query !== '' && (
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="map-section-title">{t('map.search.results')}</h2>
          {results.length === 0 ? (
            <p className="map-hint">{t('map.search.none')}</p>
          ) : (
            <ul className="map-list" data-testid="search-results">
              {results.map((d) => (
                <DestinationButton key={d.id} d={d} />
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="destinations-title">
        <h2 id="destinations-title" className="map-section-title">{t('map.destinations', { count: destinations.length })}</h2>
        <ul className="map-list" data-testid="destination-list">
          {destinations.map((d) => (
            <DestinationButton key={d.id} d={d} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="zones-title">
        <h2 id="zones-title" className="map-section-title">{t('map.zones.title', { count: zones.length })}</h2>
        <ul className="map-list" data-testid="zone-list">
          {zones.map((z, i) => (
            <li key={z.id} className="zone-item">
              <span>{frame ? t('map.zones.itemMetres', { n: i + 1, ...metres(z, frame) }) : t('map.zones.item', { n: i + 1, x: z.x, y: z.y, width: z.width, height: z.height })}</span>
              <button
                type="button"
                className="icon-button"
                onClick={() => setDeleting({ id: z.id, n: i + 1 })}
                aria-label={t('map.zones.delete', { n: i + 1 })}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      </section>
      {deleting && (
        <ConfirmDialog
          title={t('map.zones.deleteTitle', { n: deleting.n })}
          body={t('map.zones.deleteBody')}
          keepLabel={t('map.editor.keep')}
          confirmLabel={t('map.editor.confirmDelete')}
          onKeep={() => setDeleting(null)}
          onConfirm={() => {
            dispatch({ type: 'ui/zoneDeleted', id: deleting.id });
            setDeleting(null);
          }}
          testId="zone-delete-dialog"
        />
      )}
    </>
  );
}
