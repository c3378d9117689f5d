// The storm benchmark's probe, injected into the page before the app's scripts (Playwright addInitScript).
// Plain browser JS on purpose: it is sent as text, so no compiler helpers can leak into it.
//
// `window.__kioskBench` (its presence also turns on the worker's frame trace, see worker/socketLink.ts):
// - start(): forget what was seen so far and watch: long animation frames, long tasks, rAF frame times, and
//   every battery change on screen (a MutationObserver; the time is taken when the DOM shows it).
// - stop(): stop watching and return everything seen since start(), times in ms since the epoch
//   (performance.timeOrigin + now, the same clock the worker stamps arrivals with).
// - arrivals(): the worker's arrival times of the storm's frames, as [seq, time] pairs.
// - clearArrivals(): empty the worker's trace (resolves once the worker has).
// A storm frame carries three batteries whose percentages are the digits of its sequence number, base 100
// (seq 12345 shows 1%, 23%, 45%), so each change on screen names the newest frame it reflects.
(() => {
  const clock = () => performance.timeOrigin + performance.now();
  const decode = (percents) => (percents.length === 3 ? percents.reduce((seq, p) => seq * 100 + p, 0) : -1);
  const onScreen = () => {
    const icons = document.querySelectorAll('.batteries svg[aria-label]');
    const percents = [];
    for (const icon of icons) {
      const m = /(\d+)%/.exec(icon.getAttribute('aria-label') || '');
      if (!m) return -1;
      percents.push(Number(m[1]));
    }
    return decode(percents);
  };

  let seen = null;
  let watching = false;
  let lastSeq = -1;
  let unpainted = [];

  const reset = () => {
    seen = { loaf: [], longtasks: [], dom: [], paint: [], frames: [], startedAt: clock(), stoppedAt: 0 };
    lastSeq = onScreen();
    unpainted = [];
  };
  reset();

  const entry = (e) => ({
    start: performance.timeOrigin + e.startTime,
    duration: e.duration,
    blocking: e.blockingDuration ?? null,
    // Where a long animation frame went: rendering (style, layout, paint) and the scripts it ran.
    render: e.renderStart ? e.startTime + e.duration - e.renderStart : null,
    scripts: (e.scripts || []).map((s) => ({ invoker: s.invoker, duration: s.duration, forcedLayout: s.forcedStyleAndLayoutDuration })),
  });
  for (const [type, key] of [['long-animation-frame', 'loaf'], ['longtask', 'longtasks']]) {
    try {
      new PerformanceObserver((list) => {
        if (watching) for (const e of list.getEntries()) seen[key].push(entry(e));
      }).observe({ type, buffered: false });
    } catch {
      // An engine without this entry type: the figure will say so by having no supported flag.
    }
  }
  const supported = PerformanceObserver.supportedEntryTypes || [];

  const mutations = new MutationObserver(() => {
    if (!watching) return;
    const seq = onScreen();
    if (seq <= lastSeq) return;
    lastSeq = seq;
    seen.dom.push([seq, clock()]);
    unpainted.push(seq);
    if (unpainted.length === 1) {
      requestAnimationFrame(() => {
        const t = clock();
        for (const s of unpainted) seen.paint.push([s, t]);
        unpainted = [];
      });
    }
  });

  // One frame loop per start(): a loop left pending by a quick stop/start pair ends itself.
  let loop = 0;
  const frames = (id) => {
    const frame = () => {
      if (!watching || id !== loop) return;
      seen.frames.push(clock());
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };

  const ask = (message) =>
    new Promise((resolve) => {
      const channel = new BroadcastChannel('kiosk-bench');
      channel.onmessage = (ev) => {
        channel.close();
        resolve(ev.data);
      };
      channel.postMessage(message);
    });

  window.__kioskBench = {
    loafSupported: supported.includes('long-animation-frame'),
    longtaskSupported: supported.includes('longtask'),
    start() {
      reset();
      watching = true;
      mutations.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
      frames(++loop);
    },
    stop() {
      watching = false;
      mutations.disconnect();
      seen.stoppedAt = clock();
      return seen;
    },
    async arrivals() {
      const { arrivals } = await ask('arrivals');
      const out = [];
      for (const [t, text] of arrivals) {
        try {
          const frame = JSON.parse(text);
          if (frame.event !== 'robot/battery_state') continue;
          const seq = decode(frame.data.batteries.map((b) => Math.round(b.charge * 100)));
          if (seq >= 0) out.push([seq, t]);
        } catch {
          // not a storm frame
        }
      }
      return out;
    },
    async clearArrivals() {
      await ask('clear');
    },
  };
})();
