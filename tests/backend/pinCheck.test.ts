/**
 * The PIN check off the event loop (issue 40): async scrypt, constant-time comparison, and the same cost for a
 * right PIN, a wrong one, and no PIN set at all (settingsRepo.ts `verifyPinAsync`).
 */
import { describe, expect, it } from 'vitest';
import { hashPin, verifyPinAsync } from '../../backend/db/settingsRepo';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function timed(pin: string, stored: string): Promise<number> {
  const at = performance.now();
  await verifyPinAsync(pin, stored);
  return performance.now() - at;
}

describe('verifyPinAsync', () => {
  const stored = hashPin('246810');

  it('is right for the PIN only; a malformed or missing hash is never right', async () => {
    expect(await verifyPinAsync('246810', stored)).toBe(true);
    expect(await verifyPinAsync('246811', stored)).toBe(false);
    expect(await verifyPinAsync('246810', '')).toBe(false);
    expect(await verifyPinAsync('246810', 'scrypt$16384$zz')).toBe(false);
  });

  it('leaves the event loop free while it runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(Array.from({ length: 6 }, () => verifyPinAsync('000000', stored)));
    clearInterval(timer);
    // Six checks take tens of ms each; a blocked loop would tick once or twice in all that time.
    expect(ticks).toBeGreaterThan(10);
  });

  it('costs the same right, wrong, or with no PIN set (medians of 9, interleaved)', async () => {
    const right: number[] = [];
    const wrong: number[] = [];
    const none: number[] = [];
    for (let i = 0; i < 9; i++) {
      right.push(await timed('246810', stored));
      wrong.push(await timed('135790', stored));
      none.push(await timed('246810', ''));
    }
    const [r, w, n] = [median(right), median(wrong), median(none)];
    console.log(`scrypt check medians: right ${r.toFixed(1)} ms, wrong ${w.toFixed(1)} ms, no PIN ${n.toFixed(1)} ms`);
    // The same work each time: only the machine's noise tells them apart (a skipped scrypt would be ~100x off).
    for (const x of [w, n]) expect(x / r).toBeGreaterThan(0.5);
    for (const x of [w, n]) expect(x / r).toBeLessThan(2);
  });
});
