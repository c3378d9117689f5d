/**
 * Reading deploy/robot-kiosk.service as systemd does, for tests/backend/service.test.ts: its settings, a copy
 * rendered with this checkout's paths, and the command line and environment systemd would start it with.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const UNIT_FILE = join(ROOT, 'deploy', 'robot-kiosk.service');

/** The install paths the unit names, as deploy/install.sh puts them. */
const INSTALL_DIR = '/opt/robot-kiosk';
const ENV_FILE = '/etc/robot-kiosk/env';

/** Every `Key=value` of a section, in order (a key may repeat: Environment=). */
export function settings(text: string, section: string): [string, string][] {
  const out: [string, string][] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) current = head[1] as string;
    else if (current === section) {
      const eq = line.indexOf('=');
      out.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
    }
  }
  return out;
}

/** The last value of a key (systemd: a later one replaces an earlier one for single-valued keys). */
export function value(text: string, key: string, section = 'Service'): string | undefined {
  return settings(text, section).filter(([k]) => k === key).at(-1)?.[1];
}

/**
 * The unit with this checkout in place of /opt/robot-kiosk, this Node in place of /usr/bin/node, `%S` (the state
 * root, /var/lib) and the environment file moved to `stateRoot` and `envFile`.
 */
export function rendered(stateRoot: string, envFile: string): string {
  return readFileSync(UNIT_FILE, 'utf8')
    .replaceAll(ENV_FILE, envFile)
    .replaceAll(INSTALL_DIR, ROOT)
    .replaceAll('ExecStart=/usr/bin/node ', `ExecStart=${process.execPath} `)
    .replaceAll('%S', stateRoot);
}

/** Splits a systemd command line into words: double and single quotes group, backslash escapes. */
export function words(line: string): string[] {
  const out: string[] = [];
  let word = '';
  let quote: string | null = null;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      started = true;
    } else if (quote) {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (/\s/.test(c)) {
      if (started) out.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (started) out.push(word);
  return out;
}

/** An `Environment=` value's assignments (`"A=b c" D=e`). */
export function assignments(text: string): [string, string][] {
  return words(text).map((w) => {
    const eq = w.indexOf('=');
    return [w.slice(0, eq), w.slice(eq + 1)];
  });
}

/** An environment file's assignments (KEY=value lines, optionally quoted; comments skipped). */
export function envFileAssignments(text: string): [string, string][] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .flatMap((l) => assignments(l));
}

/**
 * ExecStart's words with systemd's variable expansion: `$NAME` alone as a word becomes that variable's words
 * (none when unset), `${NAME}` its value as one word.
 */
export function execStart(unit: string, env: Record<string, string>): string[] {
  const line = value(unit, 'ExecStart') ?? '';
  return words(line).flatMap((w) => {
    const whole = /^\$(\w+)$/.exec(w);
    if (whole) return words(env[whole[1] as string] ?? '');
    return [w.replace(/\$\{(\w+)\}/g, (_m, k: string) => env[k] ?? '')];
  });
}
