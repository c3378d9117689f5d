/**
 * A real building's map_server map: the Willow Garage office, built by a robot from laser scans (0.1 m a pixel,
 * the `turtlebot_navigation` package of the turtlebot_apps repository, BSD licence). Public data is kept out of
 * this repository's commits and lives in the shared folder beside it (`../shared/maps/`, see backend/robots/sim/maps/README.md);
 * `REAL_MAP` points elsewhere. Tests that need it skip, saying why, when it is not there.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REAL_MAP = resolve(process.env.REAL_MAP ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/maps/willow-2010-02-18-0.10.yaml'));
export const HAVE_REAL_MAP = existsSync(REAL_MAP);
export const NO_REAL_MAP = `no real map at ${REAL_MAP} (see backend/robots/sim/maps/README.md)`;
