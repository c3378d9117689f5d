/**
 * The demo robot (`--demo`): set up and mapped, with destinations and recipients, a few mission definitions,
 * and a month of ended missions, daily distance and time, and battery history to explore. Deterministic: the
 * same seed gives the same month, shifted to end today.
 */
import { basePose, groundTruth, hasCustomGroundTruth, places } from '../robots/sim/floorPlan';
import { gridToPng } from '../grid';
import { buildCostGrid, plan } from '../robots/sim/planner';
import { CRUISE_SPEED, INFLATION } from '../robots/sim/robot';
import { type EndedMission, iso } from '../types';
import type { Store } from './store';

/** Login PIN of the demo robot (the same as the first-access demo PIN). */
export const DEMO_SUPERADMIN_PIN = '123456';

const PEOPLE: Record<string, string[]> = {
  Reception: ['Giulia Rossi', 'Marco Bianchi'],
  Lab: ['Dr. Chen', 'Sara Ferri', 'Tom Keller'],
  Warehouse: ['Luca Moretti', 'Anna Weber'],
  'Office A': ['Paolo Conti'],
  'Office B': ['Elena Ricci', 'Jonas Meier'],
  'Meeting Room': ['Team Alpha'],
  Kitchen: ['Chef Mario'],
  'Office C': ['Francesca Gallo', 'Peter Huber'],
};
const COLORS = ['#f4a261', '#2a9d8f', '#e76f51', '#457b9d', '#8ab17d', '#b5838d', '#e9c46a', '#6d597a'];

/** A small seeded PRNG (mulberry32), so the demo month is the same on every start. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fills an empty database with the demo robot; `now` is the robot's clock. */
export function seedDemo(store: Store, now: number): void {
  const rand = rng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const truth = groundTruth();
  const cost = buildCostGrid(truth, [], INFLATION);
  const spots = places();
  const names = Object.keys(PEOPLE);
  const dist = new Map<string, number>();
  const legLength = (a: string, b: string) => {
    const key = [a, b].sort().join('|');
    if (!dist.has(key)) dist.set(key, plan(cost, spots[a]!, spots[b]!)?.length ?? 0);
    return dist.get(key) as number;
  };

  store.tx(() => {
    store.settings.patch(
      {
        language: 'en',
        country: 'IT',
        robot_name: 'Node',
        admin_name: 'Alex',
        accepted_terms_of_service: true,
        load_location_layout_left: 1,
        load_location_layout_right: 2,
      },
      DEMO_SUPERADMIN_PIN,
    );
    const month = now - 30 * 86_400_000;
    store.maps.save({ created_at: iso(month - 86_400_000), png: gridToPng(truth), width: truth.width, height: truth.height, resolution: truth.resolution, origin: truth.origin });
    const base = basePose();
    const baseDest = store.places.createDestination({ name: 'Base', ...base, resolution: truth.resolution }, iso(month - 86_400_000));
    // A building's own map (--map) has none of this floor's rooms: it starts mapped, with its dock only.
    if (hasCustomGroundTruth()) return;
    const ids: Record<string, number> = { Base: baseDest.id };
    const recipients: Record<string, number[]> = {};
    names.forEach((n, i) => {
      const d = store.places.createDestination({ name: n, ...spots[n]!, resolution: truth.resolution, color: COLORS[i] }, iso(month - 86_400_000));
      ids[n] = d.id;
      recipients[n] = (PEOPLE[n] ?? []).map((p) => store.places.createRecipient(p, d.id, iso(month - 86_400_000)).id);
    });

    const activity = (dest: string, activityId: number, message = '') => ({
      idx: 0,
      activity_id: activityId,
      recipients: [pick(recipients[dest] ?? [1])],
      load_location_left: activityId === 1 ? [['documents'], []] : [[], []],
      load_location_right: activityId === 1 ? [[], ['samples box'], []] : [[], [], []],
      message,
      message_read_required: message !== '',
    });
    const defs = [
      store.missions.createAndQueue({ name: '', steps: [{ destination_id: ids.Lab!, activities: [activity('Lab', 1, 'Results for batch 42')] }] }, iso(month), false),
      store.missions.createAndQueue({ name: '', steps: [{ destination_id: ids.Kitchen!, activities: [activity('Kitchen', 2)] }] }, iso(month + 3_600_000), false),
      store.missions.createAndQueue(
        {
          name: 'Mission 01',
          steps: ['Reception', 'Office B', 'Warehouse'].map((n, i) => ({ destination_id: ids[n]!, activities: [activity(n, i === 2 ? 2 : 1)] })),
        },
        iso(month + 7_200_000),
        false,
      ),
      store.missions.createAndQueue(
        { name: 'Mission 02', steps: ['Office A', 'Meeting Room'].map((n) => ({ destination_id: ids[n]!, activities: [activity(n, 1)] })) },
        iso(month + 10_800_000),
        false,
      ),
    ];
    store.places.touch(Object.values(ids), Object.values(recipients).flat().slice(0, 5), iso(month + 10_800_000));

    // A month of working days: a few missions each, real path lengths at cruise speed plus time at each stop.
    const dayMs = 86_400_000;
    const startDay = Math.floor(now / dayMs) * dayMs - 30 * dayMs;
    for (let day = startDay; day < Math.floor(now / dayMs) * dayMs; day += dayMs) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      let t = day + (8 + rand() * 2) * 3_600_000;
      let dayDistance = 0;
      let dayTime = 0;
      const count = 2 + Math.floor(rand() * 5);
      for (let m = 0; m < count; m++) {
        const def = pick(defs);
        const stops = def.steps.map((s) => names.find((n) => ids[n] === s.destination_id) ?? 'Base');
        let distance = 0;
        let prev = 'Base';
        let clock = t + 10_000;
        const completed = rand() > 0.1;
        const steps: EndedMission['steps'] = def.steps.map((s, i) => {
          const leg = legLength(prev, stops[i] as string);
          prev = stops[i] as string;
          distance += leg;
          clock += (leg / CRUISE_SPEED) * 1000 + (60 + rand() * 240) * 1000;
          const ok = completed || i < def.steps.length - 1;
          return { destination_id: s.destination_id, activities: s.activities.map((a) => ({ activity_id: a.activity_id, performed_at: ok ? iso(clock) : null, status: ok ? 'completed' : 'uncompleted' })) };
        });
        store.missions.insertEnded({ definition_id: def.id, started_at: iso(t), ended_at: iso(clock), status: completed ? 'completed' : 'uncompleted', distance: Math.round(distance * 100) / 100, steps });
        const home = legLength(prev, 'Base');
        dayDistance += distance + home;
        dayTime += (clock - t) / 1000 + home / CRUISE_SPEED;
        t = clock + (home / CRUISE_SPEED) * 1000 + (20 + rand() * 90) * 60_000;
      }
      store.stats.add(iso(day).slice(0, 10), dayDistance, dayTime);
    }

    // Battery history: hourly samples of a daily discharge during work hours and a recharge overnight.
    for (let at = startDay; at < now; at += 3_600_000) {
      const hour = new Date(at).getUTCHours();
      const charge = hour < 8 ? 0.55 + hour * 0.055 : Math.max(0.2, 1 - (hour - 8) * 0.045);
      store.stats.addBattery(iso(at), 1, round(charge), 0.97);
      store.stats.addBattery(iso(at), 2, round(charge * 0.95), 0.91);
    }
    store.settings.saveRobot({ ...base, charges: [0.86, 0.81], healths: [0.97, 0.91] });
  });
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
