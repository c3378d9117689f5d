#!/usr/bin/env node
/**
 * `npm test`: makes sure Debian's Chromium, emoji font, ROS 1, Cyclone DDS and Fast DDS packages are there, then runs the type check, lint, the Node and jsdom tests
 * (vitest) and the browser tests (Playwright), and ends with one line `N passed, M failed` over all runners.
 * The type check and lint count as one check each.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;

function run(label, cmd, args, opts = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  console.log(`=== ${label}: exit ${r.status ?? r.signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

function check(label, ok) {
  if (ok) passed += 1;
  else failed += 1;
}

/**
 * Debian's packages the browser tests need: Chromium, and the colour emoji font a kiosk has (without it emoji
 * draw as narrow boxes, and the long-name tests would not see names at their real width).
 */
const BROWSER_PACKAGES = [
  { name: 'chromium', file: CHROMIUM },
  { name: 'fonts-noto-color-emoji', file: '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf' },
];

/**
 * Debian's ROS 1 packages the ROS robot tests need (tests/ros/, tests/e2e/rosRobot.spec.ts): a real master and
 * rospy with the message packages of the test robot, for Debian's own /usr/bin/python3. Debian names the
 * master's package python3-rosmaster.
 */
const PY = '/usr/lib/python3/dist-packages';
const ROS_PACKAGES = [
  { name: 'python3-rosmaster', file: '/usr/bin/rosmaster' },
  { name: 'python3-rospy', file: `${PY}/rospy/__init__.py` },
  { name: 'python3-nav-msgs', file: `${PY}/nav_msgs/__init__.py` },
  { name: 'python3-sensor-msgs', file: `${PY}/sensor_msgs/__init__.py` },
  { name: 'python3-geometry-msgs', file: `${PY}/geometry_msgs/__init__.py` },
  { name: 'python3-std-msgs', file: `${PY}/std_msgs/__init__.py` },
  { name: 'python3-actionlib-msgs', file: `${PY}/actionlib_msgs/__init__.py` },
  { name: 'python3-diagnostic-msgs', file: `${PY}/diagnostic_msgs/__init__.py` },
];

/**
 * Debian's Cyclone DDS, for the ROS 2 driver's bridge and the ROS 2 test robot (tests/ros2/,
 * tests/e2e/ros2Robot.spec.ts): the C library and headers, and idlc. backend/robots/ros2/build.ts builds from
 * them (and installs them too when the driver starts on a machine without them).
 */
const CYCLONE_PACKAGES = [
  { name: 'cyclonedds-dev', file: '/usr/include/dds/dds.h' },
  { name: 'cyclonedds-tools', file: '/usr/bin/idlc' },
];

/**
 * Debian's Fast DDS (2.9), for the ROS 2 driver's Fast DDS bridge (a robot on rmw_fastrtps_cpp) and the test
 * robot on Fast DDS (tests/ros2/robotFastdds.cpp, tests/e2e/ros2Robot.spec.ts): backend/robots/ros2/build.ts
 * builds both with g++ (and installs these too when the driver starts on a machine without them).
 */
const FASTDDS_PACKAGES = [
  { name: 'libfastrtps-dev', file: '/usr/include/fastdds/dds/domain/DomainParticipant.hpp' },
  { name: 'libfastcdr-dev', file: '/usr/include/fastcdr/Cdr.h' },
  { name: 'g++', file: '/usr/bin/g++' },
];

/** Installs whichever of `packages` is missing (one apt-get run for all); true when all are there. */
function ensureDebianPackages(what, packages) {
  const missing = packages.filter((p) => !existsSync(p.file));
  if (missing.length > 0) {
    console.log(`Missing for ${what}: ${missing.map((p) => p.name).join(', ')}. Installing Debian's packages.`);
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    const apt = (...args) => run('apt-get', sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (apt('update', '-qq')) apt('install', '-y', '-qq', ...missing.map((p) => p.name));
    for (const p of missing) if (!existsSync(p.file)) console.log(`${p.name} could not be installed: ${p.file} is missing`);
  }
  return packages.every((p) => existsSync(p.file));
}

/** Installs whichever of BROWSER_PACKAGES is missing; true when Chromium is there. */
function ensureBrowserPackages() {
  ensureDebianPackages('the browser tests', BROWSER_PACKAGES);
  return existsSync(CHROMIUM);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

mkdirSync('test-results', { recursive: true });
rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/e2e.json', { force: true });

const haveChromium = ensureBrowserPackages();
check('chromium', haveChromium);
// Without them the ROS tests skip themselves: a missing package is one failure here, not a silent pass.
check('ros packages', ensureDebianPackages('the ROS robot tests', ROS_PACKAGES));
check('cyclone dds packages', ensureDebianPackages('the ROS 2 robot tests', CYCLONE_PACKAGES));
// tests/ros2/fastdds.test.ts does not skip without them: it fails, saying why.
check('fast dds packages', ensureDebianPackages('the Fast DDS robot test', FASTDDS_PACKAGES));

check('typecheck', run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) && run('typecheck core', 'npx', ['tsc', '-p', 'core/tsconfig.json']));
check('lint', run('lint', 'npx', ['eslint', '--max-warnings', '0', '.']));

run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? vitest.numFailedTestSuites : 0);
} else {
  console.log('vitest wrote no results: counted as one failure');
  failed += 1;
}

if (haveChromium && run('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) {
  const ok = run('playwright', 'npx', ['playwright', 'test']);
  const e2e = readJson('test-results/e2e.json');
  if (e2e?.stats) {
    passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected;
    // A spec that fails to load runs no test at all: the run failed even with no failed test to count.
    const broken = Math.max(e2e.errors?.length ?? 0, !ok && e2e.stats.unexpected === 0 ? 1 : 0);
    if (broken > 0) console.log(`playwright: ${e2e.errors?.length ?? 0} load errors, exit ${ok ? 0 : 'non-zero'}: counted as ${broken} failure(s)`);
    failed += broken;
  } else {
    console.log('playwright wrote no results: counted as one failure');
    failed += 1;
  }
} else {
  console.log('no browser tests: the build or Chromium is missing (one failure)');
  failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
