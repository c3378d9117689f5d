/** The movement screen's view (core/movement/view.ts) on states the core reaches: names, panels and controls. */
import { describe, expect, it } from 'vitest';
import { loggedIn, type Harness } from '../harness';
import { movementView, missionPreviewView } from '../../../core/movement/view';
import { act, answerLoad, arrive, DEFINITIONS, depart } from './fixtures';

const WORDS = { anyone: 'Anyone in the area', base: 'Base station' };
const view = (h: Harness) => movementView(h.state, WORDS);

function onList(definitions: unknown = DEFINITIONS): Harness {
  const h = loggedIn('/missions');
  answerLoad(h, { definitions });
  return h;
}



describe("the movement screen's view", () => {
  it('departing: the countdown as minutes and two-digit seconds, the tap that stops it, Pause, the names of the step', () => {
    const h = onList();
    depart(h, 8, 0, 75);
    // Opening the movement page loads the list again (core/missions/movementLoad.ts).
    expect(view(h).loading).toBe(true);
    answerLoad(h);
    expect(view(h)).toEqual({
      previewId: null,
      loading: false,
      missionName: 'Mission 01',
      title: 'Mission 01',
      direction: 'Lab',
      to: 'Marco, Sara',
      showsInfo: true,
      activity: 'pickup',
      nextDestination: 'Reception',
      nextRecipients: 'Giulia',
      countdownMinutes: 1,
      countdownSeconds: '15',
      tapToStop: true,
      pausable: true,
      charging: false,
      chargingAtBase: false,
    });
    h.advance(10_000);
    expect(view(h)).toMatchObject({ countdownMinutes: 1, countdownSeconds: '05' });
    // Paused (the dialog open), neither the tap nor Pause is offered.
    h.send({ type: 'ui/movementTapped' });
    expect(h.state.movement.pause).not.toBe('none');
    expect(view(h)).toMatchObject({ tapToStop: false, pausable: false });
  });

  it("names the activity by DELIVERY_ID: id 1 reads as a delivery, any other as a pickup; TO follows the robot's activity", () => {
    const h = onList();
    depart(h, 8, 0);
    arrive(h, 8, 0);
    expect(view(h)).toMatchObject({ activity: 'pickup', to: 'Marco, Sara', tapToStop: false, pausable: false });
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/objectsDone', items: ['samples'] });
    expect(h.state.movement).toMatchObject({ state: 'inActivity', activityIndex: 1 });
    // The second activity of the step is a delivery to anyone in the area.
    expect(view(h)).toMatchObject({ activity: 'delivery', to: WORDS.anyone, direction: 'Lab' });
  });

  it('waiting for instructions: DIRECTION and TO name the next step, as the headline does; after the last step, the Base', () => {
    const h = onList();
    depart(h, 8, 0);
    arrive(h, 8, 0);
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/objectsDone', items: ['samples'] });
    h.send({ type: 'ui/activityManaged' });
    h.send({ type: 'ui/messageRead', confirmed: true });
    expect(h.state.movement.state).toBe('waitingForInstructions');
    expect(view(h)).toMatchObject({ direction: 'Reception', to: 'Giulia', nextDestination: 'Reception', nextRecipients: 'Giulia' });
    depart(h, 8, 1);
    expect(view(h)).toMatchObject({ direction: 'Reception', to: 'Giulia', nextDestination: WORDS.base, nextRecipients: WORDS.anyone });
  });

  it('a quick mission (no name) is titled by its destination; recipients sent as none read as anyone', () => {
    const h = onList([{ ...DEFINITIONS[0]!, steps: [{ destination_id: 3, activities: [act({ recipients: [] })] }] }]);
    depart(h, 7, 0);
    expect(view(h)).toMatchObject({ missionName: '', title: 'Lab', direction: 'Lab', to: WORDS.anyone, activity: 'delivery' });
  });

  it('an unknown definition shows no info panel and no title; an unknown recipient shows its id', () => {
    const h = onList([{ ...DEFINITIONS[0]!, steps: [{ destination_id: 2, activities: [act({ recipients: [2, 42] })] }] }]);
    expect(view(h).showsInfo).toBe(false);
    depart(h, 7, 0);
    expect(view(h)).toMatchObject({ showsInfo: true, to: 'Giulia, #42' });
    depart(h, 99, 0);
    expect(h.state.movement.missionId).toBe(99);
    expect(view(h)).toMatchObject({ showsInfo: false, title: '', direction: '', missionName: '' });
  });

  it("opened from a row, another mission's page is its preview (once the list is loaded); the robot's own is live", () => {
    const h = onList();
    depart(h, 7, 0);
    h.send({ type: 'ui/navigated', path: '/movement/8' });
    expect(h.state.route.path).toBe('/movement/8');
    expect(view(h)).toMatchObject({ loading: true, previewId: null });
    answerLoad(h);
    expect(view(h)).toMatchObject({ loading: false, previewId: 8 });
    expect(missionPreviewView(h.state, 8, WORDS.anyone)).toEqual({ known: true, missionName: 'Mission 01', destination: 'Lab', recipients: 'Marco, Sara' });
    expect(missionPreviewView(h.state, 5, WORDS.anyone)).toEqual({ known: false, missionName: '', destination: '', recipients: WORDS.anyone });
    h.send({ type: 'ui/navigated', path: '/movement/7' });
    expect(view(h).previewId).toBeNull();
  });
});
