/**
 * Which DDS middleware the robot runs, so that the driver speaks its service wire: rmw_cyclonedds puts a
 * request's identity in the payload (bridge.c, on Cyclone DDS), rmw_fastrtps in RTPS (fastddsBridge.cpp, on
 * Fast DDS). Topics are the same on both, so either bridge sees the robot's writers; discovery says who wrote
 * them (the participant's vendor id: 010f eProsima Fast DDS, 0110 Eclipse Cyclone DDS). The first writer of a
 * topic the driver reads (the robot's, not another kiosk's) decides: if the bridge running is the other one,
 * the link starts the matching one instead. `--rmw` (or `rmw` in the options) fixes the choice.
 *
 * A domain where robots of both middlewares write the driver's topics keeps the bridge it has (no flapping),
 * and says so once.
 */
import { bridgeProgram, fastddsBridgeProgram } from './build';

export type Rmw = 'cyclonedds' | 'fastrtps';
export const RMWS: readonly Rmw[] = ['cyclonedds', 'fastrtps'];

const VENDORS: Record<string, Rmw> = { '010f': 'fastrtps', '0110': 'cyclonedds' };

/** The middleware a DDS vendor id (4 hex digits) stands for, if it is one of ours. */
export function rmwOfVendor(vendor: string): Rmw | undefined {
  return VENDORS[vendor.toLowerCase()];
}

/** `--rmw fastrtps|cyclonedds` (also `rmw_fastrtps_cpp`, `rmw_cyclonedds_cpp`, as ROS names them); throws on others. */
export function parseRmw(v: string): Rmw {
  const name = v.replace(/^rmw_/, '').replace(/_cpp$/, '');
  if ((RMWS as readonly string[]).includes(name)) return name as Rmw;
  throw new Error(`--rmw must be fastrtps or cyclonedds (rmw_fastrtps_cpp, rmw_cyclonedds_cpp), not ${v}`);
}

/**
 * The bridge to start with, before discovery said anything: Fast DDS when the environment says the robots'
 * network is Fast DDS's (ROS_DISCOVERY_SERVER: a Cyclone participant cannot join a discovery server; a Fast
 * DDS profiles file and no CYCLONEDDS_URI: on a network without multicast only its peers find the robot;
 * RMW_IMPLEMENTATION=rmw_fastrtps_cpp), else Cyclone DDS.
 */
export function firstGuess(env: NodeJS.ProcessEnv): Rmw {
  const set = (name: string) => Boolean(env[name]?.trim());
  if (set('ROS_DISCOVERY_SERVER')) return 'fastrtps';
  if (set('FASTRTPS_DEFAULT_PROFILES_FILE') && !set('CYCLONEDDS_URI')) return 'fastrtps';
  if (env.RMW_IMPLEMENTATION?.trim() === 'rmw_fastrtps_cpp') return 'fastrtps';
  return 'cyclonedds';
}

/** Learns the robot's middleware from the writers discovery reports; one per link. */
export class RmwLearner {
  /** The middlewares whose robot writers were seen, over every run of a bridge. */
  private seen = new Set<Rmw>();
  private warned = false;

  constructor(private readonly fixed: boolean) {}

  /**
   * A writer of a topic the driver reads, from a participant of `vendor`, seen by the bridge of `current`:
   * answers the middleware to switch to, or undefined to stay.
   */
  writerSeen(vendor: string, current: Rmw): Rmw | undefined {
    const rmw = rmwOfVendor(vendor);
    if (!rmw) return undefined;
    this.seen.add(rmw);
    if (this.fixed || rmw === current) return undefined;
    if (this.seen.has(current)) {
      if (!this.warned) console.warn(`[ros2] robots on both Cyclone DDS and Fast DDS write this domain's topics: staying on ${current} (--rmw chooses)`);
      this.warned = true;
      return undefined;
    }
    return rmw;
  }
}

/**
 * The bridges to run (built if needed; Debian's packages installed when missing), and the one to start with:
 * with `rmw` (--rmw) that one only, else both, starting with firstGuess. A bridge that cannot be built is
 * said, and left out; with neither, this throws.
 */
export function bridgesFor(rmw: Rmw | undefined, env: NodeJS.ProcessEnv): { programs: Partial<Record<Rmw, string>>; rmw: Rmw; fixed: boolean } {
  const build: Record<Rmw, () => string> = { cyclonedds: bridgeProgram, fastrtps: fastddsBridgeProgram };
  if (rmw) return { programs: { [rmw]: build[rmw]() }, rmw, fixed: true };
  const programs: Partial<Record<Rmw, string>> = {};
  const errors: string[] = [];
  for (const r of RMWS) {
    try {
      programs[r] = build[r]();
    } catch (err) {
      errors.push((err as Error).message);
      console.warn(`[ros2] no ${r} bridge, so no robot on it can be driven: ${(err as Error).message}`);
    }
  }
  const guess = firstGuess(env);
  const start = programs[guess] ? guess : RMWS.find((r) => programs[r]);
  if (!start) throw new Error(`no DDS bridge could be built: ${errors.join('; ')}`);
  return { programs, rmw: start, fixed: false };
}
