/** The reconnection cases (reconnectCases.ts) against the test robot on Cyclone DDS. */
import { reconnectSuite } from './reconnectCases';

reconnectSuite('cyclonedds');
