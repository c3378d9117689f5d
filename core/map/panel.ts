/**
 * The paused panel of /mapping/track as a state machine (specification, "Follow and mapping panel"). Pure.
 *
 * default --tap--> pausing; pausing --resume--> default, --end--> ending, --edit--> editing (and the edit
 * page, type edit), --addDestination--> editing (and the edit page with the robot's position); ending
 * --continue--> pausing, --end--> default (and the edit page, type end).
 */

export type PanelState = 'default' | 'pausing' | 'ending' | 'editing';
export type PanelAction = 'tap' | 'addDestination' | 'resume' | 'edit' | 'end' | 'continue';

/** Where a panel action sends the person besides changing the panel, if anywhere. */
export type PanelGoTo = { page: 'edit'; type: 'edit' | 'end'; withRobotPosition: boolean } | null;

/** The next panel state and where to go; an action that does not apply in a state changes nothing. */
export function panelTransition(state: PanelState, action: PanelAction): { state: PanelState; goTo: PanelGoTo } {
  const stay = { state, goTo: null };
  switch (state) {
    case 'default':
      return action === 'tap' ? { state: 'pausing', goTo: null } : stay;
    case 'pausing':
      if (action === 'resume') return { state: 'default', goTo: null };
      if (action === 'end') return { state: 'ending', goTo: null };
      if (action === 'edit') return { state: 'editing', goTo: { page: 'edit', type: 'edit', withRobotPosition: false } };
      if (action === 'addDestination')
        return { state: 'editing', goTo: { page: 'edit', type: 'edit', withRobotPosition: true } };
      return stay;
    case 'ending':
      if (action === 'continue') return { state: 'pausing', goTo: null };
      if (action === 'end') return { state: 'default', goTo: { page: 'edit', type: 'end', withRobotPosition: false } };
      return stay;
    case 'editing':
      return stay;
  }
}
