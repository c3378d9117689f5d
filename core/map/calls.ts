/** The map screens' calls (api.md): their answers' schemas and handlers, merged into the core's registry. */
import { log, type Ctx, type DraftState } from '../context';
import type { CallError, PendingCall } from '../calls/pending';
import { spec, type CallSpec } from '../calls/spec';
import type { MapCallName } from './callNames';
import { answerSchemas } from '../schemas/answers';
import type { Destination, RobotMap } from '../schemas/entities';
import { navigate } from '../navigate';
import { markLostInResolution } from '../alerts/alerts';
import { request } from '../calls/request';
import { acceptMap } from './accept';
import { plainOf } from '../patched';
import type { MapError } from './mapState';
import { followCallFailed, followEnded } from './followPause';


type Meta = PendingCall['meta'];

function failed(what: MapError['what']) {
  return (d: DraftState, _ctx: Ctx, error: CallError) => {
    d.mapEdit.busy = false;
    d.mapEdit.error = { what, message: error.message };
  };
}

const metaId = (meta: Meta, key = 'id') => (typeof meta?.[key] === 'number' ? (meta[key] as number) : null);

/** Replaces or appends a destination in the list by id. */
function upsert(list: Destination[], dest: Destination): void {
  const i = list.findIndex((x) => x.id === dest.id);
  if (i >= 0) list[i] = dest;
  else list.push(dest);
}

export const MAP_CALLS = {
  // A failed map fetch is only logged (spec section 8); the page shows that no map is there.
  mapLatest: spec({
    schema: answerSchemas.latestMap,
    empty: {},
    ok: (d, ctx, data) => {
      if ('image' in data && typeof data.image === 'string') {
        d.mapEdit.latest = 'loaded';
        d.map = acceptMap(plainOf(d.map), data as RobotMap, ctx);
      } else d.mapEdit.latest = 'none';
    },
    fail: (d) => {
      d.mapEdit.latest = 'failed';
    },
  }),
  mapDestinations: spec({
    schema: answerSchemas.destinations,
    empty: [],
    ok: (d, _ctx, data) => {
      d.mapEdit.destinations = data;
      d.mapEdit.destinationsStatus = 'loaded';
    },
    fail: (d, ctx, error) => {
      d.mapEdit.destinationsStatus = 'failed';
      failed('load')(d, ctx, error);
    },
  }),
  // The create answer's fields are merged into what was sent (spec section 7).
  mapDestinationCreate: spec({
    schema: answerSchemas.destination,
    ok: (d, ctx, data) => {
      const e = d.mapEdit.editor;
      const sent = e ? { name: e.name, x: e.x, y: e.y, orientation: e.orientation ?? 0, color: e.color } : {};
      upsert(d.mapEdit.destinations, { ...sent, ...data });
      d.mapEdit.busy = false;
      d.mapEdit.editor = null;
      forgetSavedSpot(d, ctx);
    },
    fail: failed('save'),
  }),
  mapDestinationUpdate: spec({
    schema: answerSchemas.destination,
    ok: (d, _ctx, data) => {
      upsert(d.mapEdit.destinations, data);
      d.mapEdit.busy = false;
      d.mapEdit.editor = null;
    },
    fail: failed('save'),
  }),
  mapDestinationDelete: spec({
    schema: answerSchemas.destinationDelete,
    ok: (d, _ctx, _data, meta) => {
      const id = metaId(meta);
      d.mapEdit.destinations = d.mapEdit.destinations.filter((x) => x.id !== id);
      d.mapEdit.busy = false;
      d.mapEdit.editor = null;
    },
    fail: (d, ctx, error) => {
      if (d.mapEdit.editor) d.mapEdit.editor.confirmDelete = false;
      failed('delete')(d, ctx, error);
    },
  }),
  mapRecipients: spec({
    schema: answerSchemas.recipients,
    empty: [],
    ok: (d, _ctx, data, meta) => {
      // An answer for a destination no longer open is stale.
      if (d.mapEdit.editor?.id !== metaId(meta, 'destinationId')) return;
      d.mapEdit.recipients = data;
      d.mapEdit.recipientsStatus = 'loaded';
    },
    fail: (d, ctx, error) => {
      d.mapEdit.recipientsStatus = 'failed';
      failed('recipient')(d, ctx, error);
    },
  }),
  mapRecipientCreate: spec({
    schema: answerSchemas.recipient,
    ok: (d, _ctx, data) => {
      if (d.mapEdit.editor?.id === data.destination_id) d.mapEdit.recipients.push(data);
    },
    fail: failed('recipient'),
  }),
  mapRecipientDelete: spec({
    schema: answerSchemas.recipientDelete,
    ok: (d, _ctx, _data, meta) => {
      const id = metaId(meta);
      d.mapEdit.recipients = d.mapEdit.recipients.filter((r) => r.id !== id);
    },
    fail: failed('recipient'),
  }),
  mapZones: spec({
    schema: answerSchemas.noGoZones,
    empty: [],
    ok: (d, _ctx, data) => {
      d.mapEdit.zones = data;
    },
    fail: failed('load'),
  }),
  mapZoneCreate: spec({
    schema: answerSchemas.noGoZone,
    ok: (d, _ctx, data) => {
      d.mapEdit.zones.push(data);
    },
    fail: failed('zone'),
  }),
  mapZoneDelete: spec({
    schema: answerSchemas.noGoZoneDelete,
    ok: (d, _ctx, _data, meta) => {
      const id = metaId(meta);
      d.mapEdit.zones = d.mapEdit.zones.filter((z) => z.id !== id);
    },
    fail: failed('zone'),
  }),
  // The robot was shown where it is: node_lost is being resolved, and the person goes back to the mission under
  // way (issue 34: one waiting at its destination must not be left for the list), else to the missions.
  mapPosition: spec({
    schema: answerSchemas.position,
    ok: (d, ctx) => {
      d.mapEdit.busy = false;
      d.mapEdit.relocalize = null;
      markLostInResolution(d);
      const m = d.movement;
      navigate(d, ctx, m.missionId !== null && m.state !== 'noMission' ? `/movement/${m.missionId}` : '/missions');
    },
    fail: failed('position'),
  }),
  // Ending mapping: mapping stops first (the robot stores the map), then follow-me.
  mappingStop: spec({
    schema: answerSchemas.mappingStop,
    ok: (d, ctx) => {
      request(d, ctx, 'followMeStop', 'POST', 'api/follow-me/stop');
    },
    // Leaving /mapping/wait, a 409 (not mapping: nothing to store) still stops follow-me.
    fail: (d, ctx, error) => (error.status === 409 && d.route.path === '/mapping/wait' ? request(d, ctx, 'followMeStop', 'POST', 'api/follow-me/stop') : failed('end')(d, ctx, error)),
  }),
  followPause: spec({ schema: answerSchemas.followMeStop, ok: () => undefined, fail: followCallFailed }),
  followResume: spec({ schema: answerSchemas.followMeStart, ok: () => undefined, fail: followCallFailed }),
  followMeStop: spec({
    schema: answerSchemas.followMeStop,
    ok: (d, ctx) => endedMapping(d, ctx),
    fail: (d, ctx, error) => {
      // 409: follow-me was already off (the person walked away); mapping is stopped, which is what counts.
      if (error.status === 409) {
        log(ctx, 'info', 'follow-me was already off');
        return endedMapping(d, ctx);
      }
      failed('end')(d, ctx, error);
    },
  }),
} satisfies Record<MapCallName, CallSpec<unknown>>;

function endedMapping(d: DraftState, ctx: Ctx): void {
  d.mapEdit.busy = false;
  followEnded(d);
  d.follow.following = false;
  navigate(d, ctx, '/missions');
}

/**
 * The spot of /mapping/edit's address is saved now: the address drops it (replacing itself), so a reload shows
 * the map with the saved destination rather than 'New destination' for the same spot again (issue 34).
 */
function forgetSavedSpot(d: DraftState, ctx: Ctx): void {
  if (d.route.path !== '/mapping/edit' || !/(^|&)location=/.test(d.route.search.replace(/^\?/, ''))) return;
  navigate(d, ctx, '/mapping/edit', { search: d.mapEdit.editType ? `type=${d.mapEdit.editType}` : '', replace: true });
}
