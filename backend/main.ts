/**
 * Command line: `npx tsx backend/main.ts [--host 127.0.0.1] [--port 8080] [--teleop-port 9191] [--reset] [--demo]
 * [--control] [--static dist] [--allow-origin URL] [--ros [URL]] [--ros2]` (cli.ts has them all). Env: ROBOT_DB
 * (default data/robot.db), SIM_SPEED (default 1), ALLOW_ORIGINS (comma-separated), ROS_MASTER_URI (for a bare
 * --ros), ROS_DOMAIN_ID, CYCLONEDDS_URI, FASTRTPS_DEFAULT_PROFILES_FILE and ROS_DISCOVERY_SERVER (for --ros2).
 */
import { type CliOptions, parseArgs } from './cli';
import type { ProblemReports } from './problemReports';
import { startProxy } from './proxy';
import { startBackend } from './server';
import { answeringOn } from './listenAddresses';

async function main(): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(`backend: ${(err as Error).message}`);
    process.exit(2);
  }
  let server: { close(): Promise<void> };
  let reports: ProblemReports | null = null;
  if (opts.backend && pointsAtItself(opts)) {
    // ROBOT_BACKEND is the dev server's setting and defaults to this simulator: pointing at ourselves means simulate.
    console.log(`backend: ROBOT_BACKEND ${opts.backend} is this server itself, so simulating`);
    delete opts.backend;
  }
  if (opts.backend) {
    const p = await startProxy({ ...opts, backend: opts.backend, teleop: opts.robotTeleop });
    console.log(`app on ${answeringOn(p.url, opts.host)}, passing /api, /healthz, /ws to the robot at ${opts.backend} (teleop port ${p.teleopPort})`);
    server = p;
  } else if (opts.ros2) {
    const s = await startBackend(opts);
    const uri = process.env.CYCLONEDDS_URI ? `, CYCLONEDDS_URI ${process.env.CYCLONEDDS_URI.slice(0, 80)}` : '';
    console.log(`back end on ${answeringOn(s.url, opts.host)} (teleop ws port ${s.teleopPort}, db ${opts.dbPath}) driving the ROS 2 robot on DDS domain ${opts.ros2.domain}${uri}`);
    server = s;
    reports = s.app.reports;
  } else if (opts.ros) {
    const s = await startBackend(opts);
    console.log(`back end on ${answeringOn(s.url, opts.host)} (teleop ws port ${s.teleopPort}, db ${opts.dbPath}) driving the ROS robot at ${opts.ros.masterUri}`);
    server = s;
    reports = s.app.reports;
  } else {
    const s = await startBackend(opts);
    const flags = [opts.demo && 'demo', opts.reset && 'reset', opts.control && 'control'].filter(Boolean).join(', ');
    console.log(`robot simulator on ${answeringOn(s.url, opts.host)} (teleop ws port ${s.teleopPort}, db ${opts.dbPath}, speed x${opts.speed}${flags ? `, ${flags}` : ''})`);
    server = s;
    reports = s.app.reports;
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`backend: ${signal}, stopping`);
    // systemd waits TimeoutStopSec; api.md and the unit promise an exit within 5 s, whatever a client does.
    setTimeout(() => {
      console.error(`backend: not stopped after ${STOP_DEADLINE_MS / 1000} s, exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    shutDown(server, reports).then(
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

/** The whole stop may take this long; a report upload in progress gets UPLOAD_GRACE_MS of it to finish. */
const STOP_DEADLINE_MS = 4_500;
const UPLOAD_GRACE_MS = 2_500;

/**
 * A clean stop: report uploads in progress finish (new ones are refused 503 meanwhile), then the server closes:
 * the mission state and statistics written to SQLite and the database closed, every socket told 1001 (going
 * away) and given a moment for its close handshake.
 */
async function shutDown(server: { close(): Promise<void> }, reports: ProblemReports | null): Promise<void> {
  if (reports) await Promise.race([reports.finish(), new Promise((ok) => setTimeout(ok, UPLOAD_GRACE_MS).unref())]);
  await server.close();
}

main().catch((err) => {
  console.error('backend: failed to start:', err);
  process.exit(1);
});

/** Whether the backend URL names the address this server is about to listen on. */
function pointsAtItself(opts: CliOptions): boolean {
  const b = new URL(opts.backend as string);
  const port = Number(b.port || (b.protocol === 'https:' ? 443 : 80));
  return ['127.0.0.1', 'localhost', '[::1]', opts.host ?? '127.0.0.1'].includes(b.hostname) && port === (opts.port ?? 8080);
}
