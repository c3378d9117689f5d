/**
 * How far the first use has got, read from the robot's settings: the back end's settings are the wizard's
 * only store that outlives a reload, so each question page saves its answer on Continue and these functions
 * read the progress back. Pure; imports nothing that navigates, so routes and guards can use it.
 */
import type { FuxPage } from '../routes';
import type { Settings } from '../schemas/entities';

type S = Partial<Settings> | null | undefined;

/** Language, country, robot name and both numeric load layouts (spec 4, startup navigation). */
export function basicsComplete(s: S): boolean {
  return Boolean(
    s &&
      s.language &&
      s.country &&
      s.robot_name &&
      typeof s.load_location_layout_left === 'number' &&
      typeof s.load_location_layout_right === 'number',
  );
}

/** The terms accepted and the administrator named: the second half of the wizard. */
export function profileComplete(s: S): boolean {
  return Boolean(s?.accepted_terms_of_service && s.admin_name);
}

/**
 * Where a robot whose setup is unfinished resumes: the wizard's greeting while a basic setting is missing, the
 * robot's greeting while the terms or the profile are (spec 4); null once both halves are done. Pure.
 */
export function resumePage(s: S): string | null {
  if (!basicsComplete(s)) return '/fux/hello';
  if (!profileComplete(s)) return '/fux/hello-robot';
  return null;
}

/**
 * Whether the wizard still has to show `page` on the way forward. A question page is shown while its setting
 * is missing; the robot's greeting, the slides and the first access while the second half is unfinished. The
 * date and time are no setting: they are asked right after the country (see nextWizardPage).
 */
const STILL_ASKS: Partial<Record<FuxPage, (s: Partial<Settings>) => boolean>> = {
  'choose-language': (s) => !s.language,
  'choose-country': (s) => !s.country,
  'robot-name': (s) => !s.robot_name,
  'load-step-right': (s) => typeof s.load_location_layout_right !== 'number',
  'load-step-left': (s) => typeof s.load_location_layout_left !== 'number',
  'hello-robot': (s) => !profileComplete(s),
  carousel: (s) => !profileComplete(s),
  'first-access': (s) => !profileComplete(s),
  tos: (s) => !s.accepted_terms_of_service,
  'complete-profile': (s) => !s.admin_name,
};

/**
 * Continue's target from `page`, given the settings as they are once the page's own save is in: the next page
 * of `order` that still asks something, so a robot whose settings are partly set is asked only for what is
 * missing. The wizard's end (`/user-dashboard`) is reached only with every setting set; short of that, the
 * setup resumes where it is unfinished. Pages outside the setup sequence keep their table target. Pure.
 */
export function nextWizardPage(page: FuxPage, order: Record<FuxPage, string>, settings: S): string {
  const s = settings ?? {};
  let target = order[page];
  for (let hops = 0; hops < 20 && target.startsWith('/fux/'); hops += 1) {
    const candidate = target.slice('/fux/'.length) as FuxPage;
    // The date and time are set for the country just chosen; otherwise the robot's clock is left as it is.
    if (candidate === 'choose-date-time' && page === 'choose-country') return target;
    const asks = STILL_ASKS[candidate];
    if (candidate !== 'choose-date-time' && (!asks || asks(s))) return target;
    target = order[candidate];
  }
  if (target === '/user-dashboard') return resumePage(s) ?? target;
  return target;
}

/** The wizard's choices as far as the page holds them (core/wizard/state.ts). */
interface Choices {
  language: NonNullable<Settings['language']> | null;
  country: NonNullable<Settings['country']> | null;
  layoutRight: 0 | 1 | 2 | null;
  layoutLeft: 0 | 1 | 2 | null;
}

/**
 * Takes the saved answers into the wizard's choices it does not hold yet, so that after a reload its pages
 * (and Back) show what was chosen before. A choice made on the page since wins. Changes `choices` in place.
 */
export function adoptSavedChoices(choices: Choices, s: S): void {
  if (!s) return;
  choices.language ??= s.language ?? null;
  choices.country ??= s.country ?? null;
  choices.layoutRight ??= s.load_location_layout_right ?? null;
  choices.layoutLeft ??= s.load_location_layout_left ?? null;
}
