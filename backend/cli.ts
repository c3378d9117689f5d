/** Command-line parsing for backend/main.ts. */
import type { SimulatorOptions } from './server';

/** Simulator options plus real-robot mode: with `backend`, the server passes calls through to that robot. */
export type CliOptions = SimulatorOptions & { backend?: string; robotTeleop?: string };

/** Parses argv into simulator options; throws on an unknown flag so a typo is not silently ignored. */
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
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  const port = (v: string, flag: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${flag}: not a port: ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--host') opts.host = value(i++, a);
    else if (a === '--port') opts.port = port(value(i++, a), a);
    else if (a === '--teleop-port') opts.teleopPort = port(value(i++, a), a);
    else if (a === '--static') opts.staticDir = value(i++, a);
    else if (a === '--backend') opts.backend = value(i++, a);
    else if (a === '--robot-teleop') opts.robotTeleop = value(i++, a);
    else if (a === '--allow-origin') allow(value(i++, a));
    else if (a === '--allow-host') allowHost(value(i++, a));
    else if (a === '--reset') opts.reset = true;
    else if (a === '--demo') opts.demo = true;
    else if (a === '--map') opts.map = value(i++, a);
    else if (a === '--control') opts.control = true;
    else if (a === '--help' || a === '-h') {
      console.log(
        'usage: tsx backend/main.ts [--host H] [--port P] [--teleop-port P] [--reset] [--demo] [--control] [--static DIR] [--map FILE.yaml]\n' +
          '       [--backend URL [--robot-teleop WS-URL]]   serve the app in front of a real robot instead of simulating\n' +
          '       [--allow-origin URL]...   let pages of that origin call and connect too (e.g. the Vite dev server)\n' +
          '       [--allow-host NAME]...    answer requests sent to that host name (.domain: every name under it)',
      );
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (opts.backend && !/^https?:\/\/[^/]+/.test(opts.backend)) throw new Error(`ROBOT_BACKEND/--backend must be an http(s) URL, not ${opts.backend}`);
  if (!(Number(opts.speed) > 0)) throw new Error(`SIM_SPEED must be a positive number, not ${env.SIM_SPEED}`);
  return opts;
}
