/**
 * Secrets the worker holds for the core: typed PINs. They are filled into request bodies at the last moment
 * and never reach the core, its state, snapshots, logs or storage.
 */
export type SecretName = 'pin' | 'newPin' | 'currentPin';

export class SecretStore {
  private readonly held = new Map<SecretName, string>();

  hold(name: SecretName, value: string): void {
    this.held.set(name, value);
  }

  has(name: SecretName): boolean {
    return this.held.has(name);
  }

  /** Whether the held secret equals `value`, compared without an early exit. */
  matches(name: SecretName, value: string): boolean {
    const held = this.held.get(name);
    if (held === undefined || held.length !== value.length) return false;
    let diff = 0;
    for (let i = 0; i < held.length; i++) diff |= held.charCodeAt(i) ^ value.charCodeAt(i);
    return diff === 0;
  }

  clear(name: SecretName): void {
    this.held.delete(name);
  }

  /** A deep copy of `body` with every `{"$secret": name}` replaced by the held value; throws if one is missing. */
  fill(body: unknown): unknown {
    if (Array.isArray(body)) return body.map((item) => this.fill(item));
    if (body && typeof body === 'object') {
      const ref = (body as { $secret?: unknown }).$secret;
      if (ref === 'pin' || ref === 'newPin' || ref === 'currentPin') {
        const value = this.held.get(ref);
        if (value === undefined) throw new Error(`secret ${ref} is not held`);
        return value;
      }
      return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, this.fill(v)]));
    }
    return body;
  }
}

const PIN_LENGTH = 6;

/**
 * A PIN is exactly six digits. Checked by character codes, not a regular expression: a regex test leaves its
 * subject in the engine's last-match state (`RegExp.input`, `RegExp.lastMatch`), which keeps the typed PIN
 * readable in the worker long after the secret store forgot it.
 */
export function isPin(value: string): boolean {
  if (value.length !== PIN_LENGTH) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false; // '0'..'9'
  }
  return true;
}
