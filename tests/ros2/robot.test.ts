/** The robot suite (robotCases.ts) against the test robot on Cyclone DDS, a robot on rmw_cyclonedds_cpp. */
import { robotSuite } from './robotCases';

robotSuite({ rmw: 'cyclonedds' });
