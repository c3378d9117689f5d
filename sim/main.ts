/**
 * Command line: `npx tsx sim/main.ts [--host 127.0.0.1] [--port 8080] [--teleop-port 9191] [--reset] [--demo]
 * [--control] [--static dist]`. Env: ROBOT_DB (default data/robot.db), SIM_SPEED (default 1).
 */
import { parseArgs } from './cli';
import { startSimulator, type SimulatorOptions } from './server';

async function main(): Promise<void> {
  let opts: SimulatorOptions;
  try {
    opts = parseArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`sim: ${(err as Error).message}`);
    process.exit(2);
  }
  const sim = await startSimulator(opts);
  const flags = [opts.demo && 'demo', opts.reset && 'reset', opts.control && 'control'].filter(Boolean).join(', ');
  console.log(`robot simulator on ${sim.url} (teleop ws port ${sim.teleopPort}, db ${opts.dbPath}, speed x${opts.speed}${flags ? `, ${flags}` : ''})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sim: ${signal}, stopping`);
    sim.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  console.error('sim: failed to start:', err);
  process.exit(1);
});
