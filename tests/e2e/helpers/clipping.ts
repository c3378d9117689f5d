/**
 * Text that is cut or hidden on screen: every rendered text node must lie inside each ancestor that clips it
 * without scrolling (overflow hidden or clip), inside the control (button, link) it labels, and inside the
 * viewport unless a scrolling ancestor can bring it into view; no visible control may be covered by another
 * element at its centre (a footer or bar drawn over it), nor overlap text outside it. Deliberate clips are left out: a long name cut with
 * its "whole name" button (NameText), screen-reader-only text, map pins the map pans off its edge, inert copies.
 */
import { expect, type Page } from '@playwright/test';

export async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const SKIP = '[inert], .map-pin, .name-text-clip, .sr-only, svg, option, script, style, [aria-hidden="true"]';
    const scrolls = (v: string) => v === 'auto' || v === 'scroll';
    const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], .side-menu, .page-overlay, .lock-screen, [data-testid="keyboard"]';
    type Box = { left: number; right: number; top: number; bottom: number };
    const texts: { el: Element; box: Box; what: string }[] = [];
    /** The part of `box` its clipping and scrolling ancestors let show, or null when none does. */
    const shown = (el: Element, box: Box): Box | null => {
      const v = { ...box };
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        const r = a.getBoundingClientRect();
        if (s.overflowX !== 'visible') {
          v.left = Math.max(v.left, r.left);
          v.right = Math.min(v.right, r.right);
        }
        if (s.overflowY !== 'visible') {
          v.top = Math.max(v.top, r.top);
          v.bottom = Math.min(v.bottom, r.bottom);
        }
      }
      return v.right - v.left > 2 && v.bottom - v.top > 2 ? v : null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest(SKIP)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      // Cut on purpose, with its ellipsis showing that it is (a log line's summary).
      if (el.closest('[style*="ellipsis"]') || getComputedStyle(el).textOverflow === 'ellipsis') continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      const box = {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      };
      const what = `"${text.slice(0, 40)}"`;
      const visible = shown(el, box);
      if (visible) texts.push({ el, box: visible, what });
      let scrollX = false;
      let scrollY = false;
      const control = el.closest('button, a[href], [role="button"], .btn');
      if (control) {
        const c = control.getBoundingClientRect();
        if (box.left < c.left - 1 || box.right > c.right + 1 || box.top < c.top - 1 || box.bottom > c.bottom + 1)
          out.push(`${what} spills out of its control (${Math.round(box.right - box.left)}x${Math.round(box.bottom - box.top)} in ${Math.round(c.width)}x${Math.round(c.height)})`);
      }
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (a === document.body) break;
        const r = a.getBoundingClientRect();
        const clipX = s.overflowX !== 'visible' && !scrolls(s.overflowX);
        const clipY = s.overflowY !== 'visible' && !scrolls(s.overflowY);
        if (scrolls(s.overflowX)) scrollX = true;
        if (scrolls(s.overflowY)) scrollY = true;
        if (clipX && !scrollX && (box.left < r.left - 1 || box.right > r.right + 1)) out.push(`${what} cut sideways by ${a.tagName.toLowerCase()}.${a.className}`);
        if (clipY && !scrollY && (box.top < r.top - 1 || box.bottom > r.bottom + 1)) out.push(`${what} cut top or bottom by ${a.tagName.toLowerCase()}.${a.className}`);
      }
      if (!scrollX && (box.left < -1 || box.right > innerWidth + 1)) out.push(`${what} off the screen sideways`);
      if (!scrollY && (box.top < -1 || box.bottom > innerHeight + 1)) out.push(`${what} off the screen below`);
    }
    // A control drawn under something else (not a dialog's backdrop, which covers the page on purpose).
    for (const b of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')) {
      if (b.closest(SKIP)) continue;
      const r = b.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || b.contains(top) || top.contains(b)) continue;
      // Overlays that cover the page while open, on purpose: dialogs, the side menu, a popup menu.
      if (top.closest('.backdrop, .menu-backdrop, .side-menu, [role="menu"], .page-overlay, .lock-screen, [role="dialog"], [role="alertdialog"]')) continue;
      // Out of its scroll container's view: reachable by scrolling, not covered.
      let hiddenByScroll = false;
      for (let a = b.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        if (x < c.left || x > c.right || y < c.top || y > c.bottom) hiddenByScroll = true;
      }
      if (hiddenByScroll) continue;
      out.push(`${b.tagName.toLowerCase()} "${(b.textContent ?? b.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" is under ${top.tagName.toLowerCase()}.${top.className}`);
    }
    // Text drawn over a control, or a control over text (a header's buttons over a long title), in one layer.
    for (const c of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')) {
      if (c.closest(SKIP)) continue;
      const r = shown(c, c.getBoundingClientRect());
      if (!r) continue;
      const layer = c.closest(LAYERS);
      for (const { el, box, what } of texts) {
        if (c.contains(el) || el.contains(c) || el.closest('label')?.contains(c) || el.closest(LAYERS) !== layer) continue;
        const w = Math.min(box.right, r.right) - Math.max(box.left, r.left);
        const h = Math.min(box.bottom, r.bottom) - Math.max(box.top, r.top);
        if (w > 2 && h > 2) out.push(`${what} overlaps ${c.tagName.toLowerCase()} "${(c.textContent || c.getAttribute('aria-label') || '').trim().slice(0, 30)}"`);
      }
    }
    return [...new Set(out)];
  });
}

/** No text cut or hidden, no control covered, on the screen as it is now. */
export async function expectNothingClipped(page: Page, name: string): Promise<void> {
  expect(await clippedTexts(page), `clipped or hidden on ${name}`).toEqual([]);
}
