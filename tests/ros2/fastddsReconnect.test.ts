/**
 * The reconnection cases (reconnectCases.ts) against the test robot on Fast DDS: the back end starts on its
 * first guess (Cyclone DDS), learns the robot's middleware when it comes up, and keeps it through the robot's
 * silence and restart and through its own Fast DDS bridge dying.
 */
import { reconnectSuite } from './reconnectCases';

reconnectSuite('fastrtps');
