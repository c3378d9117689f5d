/** Command-line parsing for backend/main.ts, with Node's `util.parseArgs`. */
import { parseArgs as parseNodeArgs } from 'node:util';
import { refuseControlHost } from './control';
import { applyTopicOverrides, DEFAULT_TOPICS, topicsFromFile } from './robots/ros/config';
import { DEFAULT_ROS2_TOPICS, domainOf, type Ros2Topics } from './robots/ros2/config';
import { parseRmw } from './robots/ros2/middleware';
import type { BackendOptions } from './server';

/** Back-end options plus real-robot pass-through: with `backend`, the server passes calls through to that robot. */
export type CliOptions = BackendOptions & { backend?: string; robotTeleop?: string };

const FLAGS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'teleop-port': { type: 'string' },
  static: { type: 'string' },
  backend: { type: 'string' },
  'robot-teleop': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  'allow-host': { type: 'string', multiple: true },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  reset: { type: 'boolean' },
  demo: { type: 'boolean' },
  map: { type: 'string' },
  control: { type: 'boolean' },
  'control-on-network': { type: 'boolean' },
  ros: { type: 'string' },
  ros2: { type: 'boolean' },
  'ros-domain': { type: 'string' },
  rmw: { type: 'string' },
  'ros-config': { type: 'string' },
  topic: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

export const USAGE =
  'usage: tsx backend/main.ts [--host H] [--port P] [--teleop-port P] [--reset] [--demo] [--control] [--static DIR] [--map FILE.yaml]\n' +
  '       [--ros [MASTER-URL] [--ros-config FILE.json] [--topic NAME=/topic]...]   drive a ROS 1 robot (no URL: ROS_MASTER_URI)\n' +
  '       [--ros2 [--ros-domain N] [--rmw fastrtps|cyclonedds] [--ros-config FILE.json] [--topic NAME=/topic]...]   drive a ROS 2 (Nav2) robot over DDS\n' +
  '       [--backend URL [--robot-teleop WS-URL]]   serve the app in front of a robot back end instead of simulating\n' +
  '       [--allow-origin URL]...   let pages of that origin call and connect too (e.g. the Vite dev server)\n' +
  '       [--allow-host NAME]...    answer requests sent to that host name (.domain: every name under it)\n' +
  '       [--tls-cert FILE.pem --tls-key FILE.pem]   serve HTTPS and WSS (the teleop socket too) on the same ports\n' +
  '       [--control-on-network]   allow --control with a network --host (the control surface still answers loopback only)';

/** Parses argv into back-end options; throws on an unknown flag so a typo is not silently ignored. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const opts: CliOptions = { dbPath: env.ROBOT_DB || 'data/robot.db', speed: Number(env.SIM_SPEED || 1) };
  if (env.ROBOT_BACKEND) opts.backend = env.ROBOT_BACKEND;
  if (env.ROBOT_TELEOP) opts.robotTeleop = env.ROBOT_TELEOP;
  const allow = (v: string) => {
    // An origin is a scheme, host and port only: `http://localhost:5173`, no path and no trailing slash.
    if (!/^https?:\/\/[^/]+$/.test(v)) throw new Error(`--allow-origin/ALLOW_ORIGINS: not an origin like http://localhost:5173: ${v}`);
    (opts.allowOrigins ??= []).push(v);
  };
  for (const v of (env.ALLOW_ORIGINS ?? '').split(',')) if (v.trim()) allow(v.trim());
  const allowHost = (v: string) => {
    // A host name, or `.domain` for every name under it; no scheme, port or path.
    if (!/^\.?[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(v)) throw new Error(`--allow-host/ALLOW_HOSTS: not a host name like kiosk.example.org: ${v}`);
    (opts.allowHosts ??= []).push(v);
  };
  for (const v of (env.ALLOW_HOSTS ?? '').split(',')) if (v.trim()) allowHost(v.trim());
  const port = (v: string, flag: string) => {
    const n = Number(v);
    if (!/^\d+$/.test(v) || n > 65535) throw new Error(`${flag}: not a port: ${v}`);
    return n;
  };

  const { values: f } = parse(argv);
  if (f.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (f.host !== undefined) opts.host = f.host;
  if (f.port !== undefined) opts.port = port(f.port, '--port');
  if (f['teleop-port'] !== undefined) opts.teleopPort = port(f['teleop-port'], '--teleop-port');
  if (f.static !== undefined) opts.staticDir = f.static;
  if (f.backend !== undefined) opts.backend = f.backend;
  if (f['robot-teleop'] !== undefined) opts.robotTeleop = f['robot-teleop'];
  for (const v of f['allow-origin'] ?? []) allow(v);
  for (const v of f['allow-host'] ?? []) allowHost(v);
  if (f.reset) opts.reset = true;
  if (f.demo) opts.demo = true;
  if (f.map !== undefined) opts.map = f.map;
  if (f.control) opts.control = true;
  if (f['control-on-network'] && !f.control) throw new Error('--control-on-network goes with --control');
  if (f['control-on-network']) opts.controlOnNetwork = true;
  // Refused here too, so the command line says so before anything starts (server.ts checks it again).
  if (opts.control) refuseControlHost(opts.host ?? '127.0.0.1', opts.controlOnNetwork ?? false);
  if ((f['tls-cert'] === undefined) !== (f['tls-key'] === undefined)) throw new Error('--tls-cert and --tls-key go together: the certificate and its private key (PEM)');
  if (f['tls-cert'] !== undefined) opts.tls = { cert: f['tls-cert'], key: f['tls-key'] as string };
  if (f.ros !== undefined && f.ros2) throw new Error('--ros drives a ROS 1 robot, --ros2 a ROS 2 robot: one or the other');
  if (f.ros !== undefined) opts.ros = rosOptions(f.ros, f['ros-config'], f.topic ?? [], env);
  else if (f.ros2) {
    opts.ros2 = { domain: domainOf(f['ros-domain'], env), topics: topicNames(DEFAULT_ROS2_TOPICS, f['ros-config'], f.topic ?? []) };
    if (f.rmw !== undefined) opts.ros2.rmw = parseRmw(f.rmw);
  }
  else if (f['ros-config'] !== undefined || f.topic) throw new Error('--ros-config and --topic need --ros or --ros2');
  if (f['ros-domain'] !== undefined && !f.ros2) throw new Error('--ros-domain needs --ros2');
  if (f.rmw !== undefined && !f.ros2) throw new Error('--rmw needs --ros2');

  if (opts.backend && !/^https?:\/\/[^/]+/.test(opts.backend)) throw new Error(`ROBOT_BACKEND/--backend must be an http(s) URL, not ${opts.backend}`);
  if (!(Number(opts.speed) > 0)) throw new Error(`SIM_SPEED must be a positive number, not ${env.SIM_SPEED}`);
  const ros = opts.ros ? '--ros' : opts.ros2 ? '--ros2' : '';
  if (ros && (opts.demo || opts.map)) throw new Error(`--demo and --map are for the simulated robot, not with ${ros}`);
  if (ros && f.backend !== undefined) throw new Error(`--backend passes calls to a robot back end; ${ros} is this back end driving a ROS robot: one or the other`);
  if (ros) {
    delete opts.backend;
    opts.speed = 1; // SIM_SPEED is the simulator's: a real robot's countdowns run in real time
  }
  return opts;
}

/**
 * `--ros` takes an optional value, which util.parseArgs has no notion of: a bare `--ros` (last, or followed by
 * another flag) is rewritten to `--ros=` first, and the empty URL then means ROS_MASTER_URI.
 */
function parse(argv: string[]) {
  const args = argv.map((a, i) => (a === '--ros' && (i === argv.length - 1 || (argv[i + 1] as string).startsWith('-')) ? '--ros=' : a));
  try {
    return parseNodeArgs({ args, options: FLAGS, strict: true, allowPositionals: false });
  } catch (err) {
    // Node's messages are long and name the API; say what the user typed instead.
    const e = err as Error & { code?: string };
    const flag = /'(-[-\w]+)/.exec(e.message)?.[1] ?? '';
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new Error(`unknown option ${flag}`);
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new Error(`${flag.split(' ')[0]} needs a value`);
    if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new Error(`unexpected argument: ${e.message.match(/'([^']*)'/)?.[1] ?? ''}`);
    throw e;
  }
}

function rosOptions(url: string, configFile: string | undefined, topicFlags: string[], env: NodeJS.ProcessEnv) {
  const masterUri = url || env.ROS_MASTER_URI || '';
  if (!masterUri) throw new Error('--ros needs the master URL (http://HOST:11311) or ROS_MASTER_URI');
  if (!/^https?:\/\/[^/]+/.test(masterUri)) throw new Error(`--ros/ROS_MASTER_URI must be an http URL like http://robot:11311, not ${masterUri}`);
  return { masterUri, topics: topicNames(DEFAULT_TOPICS, configFile, topicFlags) };
}

/** Topic names: `defaults`, then the config file's, then the flags' (ROS 1's or ROS 2's table). */
function topicNames<T extends typeof DEFAULT_TOPICS | Ros2Topics>(defaults: T, configFile: string | undefined, topicFlags: string[]): T {
  const topics = configFile ? topicsFromFile(configFile, defaults) : defaults;
  const overrides: Record<string, string> = {};
  for (const t of topicFlags) {
    const eq = t.indexOf('=');
    if (eq < 1) throw new Error(`--topic: expected NAME=/topic, not ${t}`);
    overrides[t.slice(0, eq)] = t.slice(eq + 1);
  }
  return applyTopicOverrides(topics, overrides, '--topic', defaults);
}
