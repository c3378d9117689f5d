/** Destinations and recipients. */
import type { App } from '../app';
import { DEFAULT_COLOR } from '../db/placesRepo';
import { iso } from '../types';
import { ApiError, notFound, type Router, validate } from './router';
import { destinationBody, destinationPatch, recipientBody } from './schemas';

/** Registers the destination and recipient calls. */
export function placesRoutes(r: Router, app: App): void {
  const { places } = app.store;
  const now = () => iso(app.clock.now());

  r.on('GET', '/api/destinations', () => places.destinations());
  r.on('GET', '/api/destinations/recents', () => places.recentDestinations());
  r.on('POST', '/api/destination', ({ body }) => {
    const d = validate(destinationBody, body);
    return places.createDestination({ ...d, color: d.color ?? undefined }, now());
  });
  r.on('PATCH', '/api/destination/:id', ({ params, body }) => {
    const d = validate(destinationPatch, body);
    const out = places.updateDestination(Number(params.id), { ...d, color: d.color === null ? DEFAULT_COLOR : d.color });
    if (!out) throw notFound('destination');
    return out;
  });
  r.on('DELETE', '/api/destination/:id', ({ params }) => {
    if (!places.deleteDestination(Number(params.id))) throw notFound('destination');
    return {};
  });

  r.on('GET', '/api/recipients', () => places.recipients());
  r.on('GET', '/api/recipients/recents', () => places.recentRecipients());
  r.on('GET', '/api/recipients/destination/:id', ({ params }) => {
    const id = Number(params.id);
    if (!places.destination(id)) throw notFound('destination');
    return places.recipients(id);
  });
  r.on('POST', '/api/recipient', ({ body }) => {
    const { name, destination_id } = validate(recipientBody, body);
    // A reference inside a body is part of the body: a bad one is a 400 naming the field, not a 404.
    if (!places.destination(destination_id))
      throw new ApiError(400, 'invalid_request', `destination_id: no destination ${destination_id}`);
    return places.createRecipient(name, destination_id, now());
  });
  r.on('DELETE', '/api/recipient/:id', ({ params }) => {
    if (!places.deleteRecipient(Number(params.id))) throw notFound('recipient');
    return {};
  });
}
