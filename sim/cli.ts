/** Command-line parsing for sim/main.ts. */
import type { SimulatorOptions } from './server';

/** Parses argv into simulator options; throws on an unknown flag so a typo is not silently ignored. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): SimulatorOptions {
  const opts: SimulatorOptions = { dbPath: env.ROBOT_DB || 'data/robot.db', speed: Number(env.SIM_SPEED || 1) };
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
    else if (a === '--reset') opts.reset = true;
    else if (a === '--demo') opts.demo = true;
    else if (a === '--control') opts.control = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: tsx sim/main.ts [--host H] [--port P] [--teleop-port P] [--reset] [--demo] [--control] [--static DIR]');
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  if (!(Number(opts.speed) > 0)) throw new Error(`SIM_SPEED must be a positive number, not ${env.SIM_SPEED}`);
  return opts;
}
