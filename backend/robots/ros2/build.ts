/**
 * Builds the DDS programs from the project: the IDL of the ROS 2 interfaces (idl.ts), `idlc` on it, `cc` on
 * the C sources with Debian's Cyclone DDS (libddsc), `g++` on the C++ ones with Debian's Fast DDS (libfastrtps).
 * It takes a second (Cyclone) to a few (Fast DDS's headers), so it runs whenever a program is missing or its
 * inputs changed (the driver at start, the tests, `npm run build:ros2`); the output goes to build/ros2/ (not in
 * git), named by a hash of its inputs. Debian's packages are installed with apt-get when missing, as
 * scripts/test.mjs does for ROS 1 and Chromium.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { idlFor, typeTableC } from './idl';
import type { Field } from './interfaces';

/** A variant of a build: other fields for some types, C macros (`-D`), and Fast DDS linked in. */
export interface BuildVariant {
  overrides?: ReadonlyMap<string, Field[]>;
  defines?: string[];
  fastdds?: boolean;
}

const ROOT = resolve(import.meta.dirname, '../../..');
const OUT = join(ROOT, 'build', 'ros2');

/** Debian's Cyclone DDS packages, and a file each installs. */
export const CYCLONE_PACKAGES = [
  { name: 'cyclonedds-dev', file: '/usr/include/dds/dds.h' },
  { name: 'cyclonedds-tools', file: '/usr/bin/idlc' },
];

/** Debian's Fast DDS (2.9 in Debian 12), and a file each installs. */
export const FASTDDS_PACKAGES = [
  { name: 'libfastrtps-dev', file: '/usr/include/fastdds/dds/domain/DomainParticipant.hpp' },
  { name: 'libfastcdr-dev', file: '/usr/include/fastcdr/Cdr.h' },
  { name: 'g++', file: '/usr/bin/g++' },
];

/** Installs the Cyclone packages when missing (apt-get, with sudo unless root); throws if they stay missing. */
export function ensureCyclone(): void {
  ensureDebianPackages('Cyclone DDS', CYCLONE_PACKAGES);
}

/** The same for Fast DDS. */
export function ensureFastdds(): void {
  ensureDebianPackages('Fast DDS', FASTDDS_PACKAGES);
}

/** Installs whichever of `packages` is missing (apt-get, with sudo unless root); throws if they stay missing. */
export function ensureDebianPackages(what: string, packages: readonly { name: string; file: string }[]): void {
  const missing = packages.filter((p) => !existsSync(p.file));
  if (!missing.length) return;
  const names = missing.map((p) => p.name).join(' ');
  console.log(`[ros2] installing Debian's ${names}`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (...args: string[]) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    execFileSync(cmd as string, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  try {
    apt('update', '-qq');
    apt('install', '-y', '-qq', ...missing.map((p) => p.name));
  } catch (err) {
    throw new Error(`${what} is missing and could not be installed (${(err as Error).message}): apt-get install ${names}`);
  }
  const still = missing.filter((p) => !existsSync(p.file));
  if (still.length) throw new Error(`${what} is missing after apt-get: ${still.map((p) => p.file).join(', ')}`);
}

/**
 * Builds the program `name` from `sources` (C and C++ files; `headers`, their own headers, count for the
 * rebuild too and their folders are searched) with the generated types, unless an identical build exists;
 * answers the program's path.
 */
export function buildDdsProgram(name: string, sources: string[], headers: string[] = [], variant: BuildVariant = {}): string {
  ensureCyclone();
  if (variant.fastdds) ensureFastdds();
  const idl = idlFor(undefined, variant.overrides);
  const table = typeTableC('ros2.h');
  const defines = (variant.defines ?? []).map((d) => `-D${d}`);
  const hash = createHash('sha256').update(idl).update(table).update(defines.join(' '));
  for (const s of [...sources, ...headers]) hash.update(readFileSync(s));
  const tag = hash.digest('hex').slice(0, 12);
  const exe = join(OUT, `${name}-${tag}`);
  if (existsSync(exe)) return exe;
  // A folder of its own per build, renamed into place: two test runners building at once do not collide.
  const work = join(OUT, `tmp-${name}-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  try {
    writeFileSync(join(work, 'ros2.idl'), idl);
    writeFileSync(join(work, 'types.c'), table);
    // -t: no XTypes type information, as rmw_cyclonedds: topics match by type name, which is what ROS 2 robots
    // (of any release, any result layout) give.
    execFileSync('idlc', ['-t', '-f', 'case-sensitive', '-o', work, join(work, 'ros2.idl')], { stdio: 'pipe' });
    const includes = [work, ...new Set(headers.map((h) => dirname(h)))].flatMap((d) => ['-I', d]);
    const objects = [...sources, join(work, 'ros2.c'), join(work, 'types.c')].map((src, i) => {
      const obj = join(work, `${i}.o`);
      const cxx = src.endsWith('.cpp');
      execFileSync(cxx ? 'g++' : 'cc', ['-O1', '-Wall', ...(cxx ? ['-std=c++17'] : []), ...defines, ...includes, '-c', '-o', obj, src], { stdio: 'pipe' });
      return obj;
    });
    const libs = [...(variant.fastdds ? ['-lfastrtps', '-lfastcdr'] : []), '-lddsc', '-lpthread', '-lm'];
    execFileSync(variant.fastdds ? 'g++' : 'cc', ['-o', join(work, name), ...objects, ...libs], { stdio: 'pipe' });
    renameSync(join(work, name), exe);
  } catch (err) {
    const e = err as Error & { stderr?: Buffer };
    throw new Error(`building ${name} failed: ${e.stderr?.toString() || e.message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return exe;
}

/** The bridge program on Cyclone DDS (rmw_cyclonedds' wire), built if needed. */
export function bridgeProgram(): string {
  return buildDdsProgram('ros2bridge', [join(import.meta.dirname, 'bridge.c')]);
}

/** The bridge program on Fast DDS (rmw_fastrtps' wire), built if needed. */
export function fastddsBridgeProgram(): string {
  const here = (f: string) => join(import.meta.dirname, f);
  return buildDdsProgram('ros2bridge-fastdds', [here('fastddsBridge.cpp')], [here('fastddsRaw.hpp')], { fastdds: true });
}

// `npm run build:ros2`
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) console.log(bridgeProgram(), fastddsBridgeProgram());
