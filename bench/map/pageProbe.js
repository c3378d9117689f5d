// Injected into the page by bench/mapTrack.ts: animation-frame times and long animation frames, on demand.
(() => {
  const state = { frames: [], loaf: [], running: false, last: 0 };
  const tick = (t) => {
    if (!state.running) return;
    if (state.last) state.frames.push(t - state.last);
    state.last = t;
    requestAnimationFrame(tick);
  };
  new PerformanceObserver((list) => {
    if (!state.running) return;
    for (const e of list.getEntries()) state.loaf.push(e.duration);
  }).observe({ type: 'long-animation-frame', buffered: false });
  window.__mapBench = {
    start() {
      state.frames = [];
      state.loaf = [];
      state.last = 0;
      state.running = true;
      requestAnimationFrame(tick);
    },
    stop() {
      state.running = false;
      return { frames: state.frames, loaf: state.loaf };
    },
  };
})();
