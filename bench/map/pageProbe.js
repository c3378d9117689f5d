// Injected into the page by bench/mapTrack.ts: animation-frame times and long animation frames, on demand.
// Frame times come from a requestAnimationFrame loop, which is itself a frame of main-thread work 60 times a
// second; `start(false)` collects long animation frames only (the observer needs no loop), for the windows
// where the page's own main-thread time is measured.
(() => {
  const state = { frames: [], loaf: [], longest: null, running: false, timing: false, last: 0 };
  const tick = (t) => {
    if (!state.running || !state.timing) return;
    if (state.last) state.frames.push(t - state.last);
    state.last = t;
    requestAnimationFrame(tick);
  };
  new PerformanceObserver((list) => {
    if (!state.running) return;
    for (const e of list.getEntries()) {
      state.loaf.push(e.duration);
      // Where the longest one went, for diagnosis: script time by invoker, and the rendering phases.
      if (!state.longest || e.duration > state.longest.duration)
        state.longest = {
          duration: e.duration,
          blocking: e.blockingDuration,
          renderStart: e.renderStart - e.startTime,
          styleAndLayoutStart: e.styleAndLayoutStart - e.startTime,
          scripts: e.scripts.map((s) => `${s.invoker} ${Math.round(s.duration)} ms (${s.sourceFunctionName || ''} ${String(s.sourceURL).replace(/^.*\//, '')})`),
        };
    }
  }).observe({ type: 'long-animation-frame', buffered: false });
  window.__mapBench = {
    start(timing = true) {
      state.frames = [];
      state.loaf = [];
      state.longest = null;
      state.last = 0;
      state.running = true;
      state.timing = timing;
      if (timing) requestAnimationFrame(tick);
    },
    stop() {
      state.running = false;
      return { frames: state.frames, loaf: state.loaf, longest: state.longest };
    },
  };
})();
