/**
 * bench:map's figures from its runs (bench/mapTrack.ts says what each is). "Main-thread busy per map update" is
 * printed for information only: a proxy retired since 22 Nov (task time is wall clock, and the frame that moves
 * the robot marker costs about 1 ms of CPU on its own); the frames, the worker's answers and memory are the targets.
 */
import { median, type Figure } from '../lib/report';
import type { PageRun } from './gestures';
import { third, UPDATES, type Run } from './trackRun';
import { SESSION_S, sessionLogs } from './sessionLogs';

const FRAME_BUDGET_MS = 1000 / 60;
/** The longest a touch or a robot message may wait for the core's worker in 99 of 100 (the long-task line). */
const CORE_ANSWER_LIMIT_MS = 50;

export function trackFigures(runs: Run[], stored: Record<'/map' | '/node-lost', PageRun[]>, size: number): { figures: Figure[]; logs: ReturnType<typeof sessionLogs> } {
  const storedFigures = (['/map', '/node-lost'] as const).flatMap((path): Figure[] => {
    const sm = (f: (r: PageRun) => number) => median(stored[path].map(f));
    return [
      {
        name: `${path}: frame time p95 while panning and pinching`,
        value: sm((r) => r.gestureFrameP95),
        baseline: sm((r) => r.idleFrameP95),
        unit: 'ms',
        ratio: sm((r) => r.gestureFrameP95) / sm((r) => r.idleFrameP95),
        target: `value <= ${FRAME_BUDGET_MS.toFixed(1)} ms`,
        pass: sm((r) => r.gestureFrameP95) <= FRAME_BUDGET_MS + 0.5,
        samples: stored[path].map((r) => r.gestureFrameP95),
      },
      {
        name: `${path}: longest animation frame while panning and pinching`,
        value: sm((r) => r.gestureLoafMax),
        baseline: null,
        unit: 'ms',
        ratio: sm((r) => r.gestureLoafMax) / 50,
        // Information: on this shared machine these frames had no script and no blocking time (they waited
        // before rendering), at 2000 px as at 4096; the 50 ms target is the updates' (above).
        target: 'info (0: none over 50)',
        pass: null,
        samples: stored[path].map((r) => r.gestureLoafMax),
      },
    ];
  });

  const m = (f: (r: Run) => number) => median(runs.map(f));
  const logs = sessionLogs();
  const busy = m((r) => r.busyPerUpdate);
  const idleBusy = m((r) => r.idleBusyPerSecond);
  const cpu = m((r) => r.cpuPerUpdate);
  const idleCpu = m((r) => r.idleCpuPerSecond);
  const loaf = m((r) => r.loafMax);
  const idleLoaf = m((r) => r.idleLoafMax);
  const p95 = m((r) => r.gestureFrameP95);
  const idleP95 = m((r) => r.idleFrameP95);
  const figures: Figure[] = [
    {
      // A retired proxy (see above): printed for information, never as missed.
      name: `main-thread busy per ${size}x${size} map update (retired proxy)`,
      value: busy,
      baseline: idleBusy,
      unit: 'ms',
      ratio: busy / idleBusy,
      target: 'info (baseline: idle busy ms per s)',
      pass: null,
      samples: runs.map((r) => r.busyPerUpdate),
    },
    {
      // Every second counted, outliers included (the figure above takes the typical second).
      name: 'main-thread busy per update, mean of the seconds',
      value: m((r) => r.busyPerUpdateMean),
      baseline: idleBusy,
      unit: 'ms',
      ratio: m((r) => r.busyPerUpdateMean) / idleBusy,
      target: 'info (baseline: idle busy ms per s)',
      pass: null,
      samples: runs.map((r) => r.busyPerUpdateMean),
    },
    {
      // Task time is wall clock: on a loaded machine it counts the time the thread waited for a core.
      name: 'main-thread CPU time per map update',
      value: cpu,
      baseline: idleCpu,
      unit: 'ms',
      ratio: cpu / idleCpu,
      target: 'info (baseline: idle CPU ms per s)',
      pass: null,
      samples: runs.map((r) => r.cpuPerUpdate),
    },
    {
      name: 'longest animation frame during updates',
      value: loaf,
      baseline: idleLoaf,
      unit: 'ms',
      ratio: idleLoaf > 0 ? loaf / idleLoaf : loaf / 50,
      target: 'value <= 50 ms (0: none over 50)',
      pass: loaf <= 50,
      samples: runs.map((r) => r.loafMax),
    },
    {
      name: "core's worker answer p99 during updates",
      value: m((r) => r.coreUpdatesP99),
      baseline: m((r) => r.coreIdleP99),
      unit: 'ms',
      ratio: m((r) => r.coreUpdatesP99) / m((r) => r.coreIdleP99),
      target: `value <= ${CORE_ANSWER_LIMIT_MS} ms (baseline: the idle page's p99)`,
      pass: m((r) => r.coreUpdatesP99) <= CORE_ANSWER_LIMIT_MS,
      samples: runs.map((r) => r.coreUpdatesP99),
    },
    {
      name: "core's worker longest answer during updates",
      value: m((r) => r.coreUpdatesMax),
      baseline: m((r) => r.coreIdleP99),
      unit: 'ms',
      ratio: m((r) => r.coreUpdatesMax) / m((r) => r.coreIdleP99),
      target: "info (baseline: the idle page's p99)",
      pass: null,
      samples: runs.map((r) => r.coreUpdatesMax),
    },
    {
      name: 'frame time p95 while panning and pinching',
      value: p95,
      baseline: idleP95,
      unit: 'ms',
      ratio: p95 / idleP95,
      target: `value <= ${FRAME_BUDGET_MS.toFixed(1)} ms`,
      // Frame intervals quantise to the display's ~16.67 ms; allow the measurement's jitter of 0.5 ms.
      pass: p95 <= FRAME_BUDGET_MS + 0.5,
      samples: runs.map((r) => r.gestureFrameP95),
    },
    ...storedFigures,
    {
      // Bounded: the last third of the updates holds no more than the middle third (a copy kept per update would
      // add 64 MB each at 4096 px).
      name: `browser memory, peak over updates ${third(2)}-${UPDATES}`,
      value: m((r) => r.rssPeakLast),
      baseline: m((r) => r.rssPeakMiddle),
      unit: 'MB',
      ratio: m((r) => r.rssPeakLast) / m((r) => r.rssPeakMiddle),
      target: `value <= baseline (updates ${third(1)}-${third(2) - 1}) + 64 MB`,
      pass: m((r) => r.rssPeakLast) <= m((r) => r.rssPeakMiddle) + 64,
      samples: runs.map((r) => r.rssPeakLast),
    },
    {
      name: `browser memory, peak over updates ${third(1)}-${third(2) - 1}`,
      value: m((r) => r.rssPeakMiddle),
      baseline: m((r) => r.rssFirstMap),
      unit: 'MB',
      ratio: m((r) => r.rssPeakMiddle) / m((r) => r.rssFirstMap),
      target: 'info (baseline: the first map shown)',
      pass: null,
      samples: runs.map((r) => r.rssPeakMiddle),
    },
    {
      name: 'updates not shown 15 s after the last',
      value: m((r) => r.behind),
      baseline: UPDATES,
      unit: '',
      ratio: m((r) => r.behind) / UPDATES,
      target: 'info (baseline: the updates)',
      pass: null,
      samples: runs.map((r) => r.behind),
    },
    {
      name: 'last update shown after its second',
      value: m((r) => r.lastShownAfterMs),
      baseline: 1000,
      unit: 'ms',
      ratio: m((r) => r.lastShownAfterMs) / 1000,
      target: 'info (baseline: the update interval)',
      pass: null,
      samples: runs.map((r) => r.lastShownAfterMs),
    },
    {
      name: `log of a ${SESSION_S / 60}-min mapping session, side store`,
      value: logs.withStore / 1e6,
      baseline: logs.inline / 1e6,
      unit: 'MB',
      ratio: logs.withStore / logs.inline,
      target: 'info (baseline: images inline)',
      pass: null,
    },
  ];
  return { figures, logs };
}
