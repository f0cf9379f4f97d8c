#!/usr/bin/env node
// Where a page's main thread went, task by task (issue 9: blocking time on a cheap phone). Reads a Chromium trace
// with the V8 sampling profiler's samples (what `LIGHTHOUSE_TRACES=dir npm run lighthouse` keeps) and lists every
// top-level task of the page's main thread that Lighthouse's 4x CPU slowdown makes longer than 50 ms: its style,
// layout, paint and script events, and its samples mapped through the build's source maps to source files and
// functions, and to the nearest frame of the app's own code (`src/...`). The long-tasks audit names only the
// chunk ("app-*.js") or "Unattributable".
//
//   WEB_SOURCEMAP=1 npm run build -w apps/web        (hidden source maps beside the chunks)
//   LIGHTHOUSE_TRACES=/tmp/lh npm run lighthouse
//   node scripts/main-thread.mjs /tmp/lh/marketplace-1.trace.json [apps/web/dist] [min task ms, default 12.5]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

const [tracePath, distDir = 'apps/web/dist', minimum = '12.5'] = process.argv.slice(2);
if (!tracePath) {
  console.error('usage: node scripts/main-thread.mjs <trace.json> [web dist] [min task ms]');
  process.exit(2);
}
const SLOWDOWN = 4;
const events = (({ traceEvents }) => traceEvents)(JSON.parse(readFileSync(tracePath, 'utf8')));

// The page's main thread: the renderer main thread with the most events.
const mainThreads = new Set(
  events
    .filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`),
);
const counts = new Map();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  if (mainThreads.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
}
const [main] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
if (!main) throw new Error('no renderer main thread in this trace');
const [pid, tid] = main.split(':').map(Number);
const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
const start = (onMain.find((e) => e.name === 'navigationStart') ?? onMain[0]).ts;

// The profiler's samples: node ids with their times.
const nodes = new Map();
const samples = [];
let clock = 0;
for (const e of events) {
  if (e.pid !== pid) continue;
  if (e.name === 'Profile') clock = e.args.data.startTime;
  if (e.name !== 'ProfileChunk') continue;
  const { cpuProfile = {}, timeDeltas = [] } = e.args.data;
  for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
  (cpuProfile.samples ?? []).forEach((id, i) => {
    clock += timeDeltas[i] ?? 0;
    samples.push({ id, ts: clock });
  });
}
if (samples.length === 0)
  console.log('(no profiler samples: run Lighthouse with the cpu_profiler trace category, see above)\n');

const maps = new Map();
function mapOf(url) {
  const file = String(url).split('/assets/')[1];
  if (!file?.endsWith('.js')) return null;
  if (!maps.has(file)) {
    const path = join(distDir, 'assets', `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  return maps.get(file);
}
const frames = new Map();
/** A profile node as { file, fn }: mapped to its source where the chunk has a map. */
function frameOf(id) {
  if (frames.has(id)) return frames.get(id);
  const { callFrame } = nodes.get(id);
  let frame = {
    file:
      String(callFrame.url ?? '')
        .split('/')
        .pop() || '(native)',
    fn: callFrame.functionName || '(anonymous)',
  };
  const original = mapOf(callFrame.url)?.originalPositionFor({
    line: callFrame.lineNumber + 1,
    column: callFrame.columnNumber,
  });
  if (original?.source) {
    const file = original.source.replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    frame = { file, fn: `${original.name ?? callFrame.functionName ?? '?'}:${original.line}` };
  }
  frames.set(id, frame);
  return frame;
}
const ownFrames = new Map();
/** The nearest frame of the app's own code on a sample's stack. */
function ownFrameOf(id) {
  if (!ownFrames.has(id)) {
    let label = '(none of the app)';
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
      const { file, fn } = frameOf(node.id);
      if (file.startsWith('src/')) {
        label = `${file} ${fn}`;
        break;
      }
    }
    ownFrames.set(id, label);
  }
  return ownFrames.get(id);
}

const top = (totals, n) =>
  [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(' | ');
const add = (totals, key, ms) => totals.set(key, (totals.get(key) ?? 0) + ms);
const KINDS = new Set(['ParseHTML', 'EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire']);
const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'MinorGC', 'MajorGC']);

let blocking = 0;
const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.dur / 1000 >= Number(minimum));
for (const task of tasks) {
  const ms = task.dur / 1000;
  blocking += Math.max(0, ms * SLOWDOWN - 50);
  const inside = (e) => e.ts >= task.ts && e.ts < task.ts + task.dur;
  const kinds = new Map();
  for (const e of onMain)
    if (e.ph === 'X' && inside(e) && (KINDS.has(e.name) || RENDERING.has(e.name)) && e.dur > 1000)
      add(kinds, e.name, e.dur / 1000);
  const byFile = new Map();
  const byOwn = new Map();
  const byFunction = new Map();
  samples.forEach((sample, i) => {
    if (!inside(sample)) return;
    const ms = ((samples[i + 1]?.ts ?? sample.ts) - sample.ts) / 1000;
    const { file, fn } = frameOf(sample.id);
    add(byFile, file, ms);
    add(byFunction, `${file.split('/').pop()} ${fn}`, ms);
    add(byOwn, ownFrameOf(sample.id), ms);
  });
  console.log(
    `task at ${((task.ts - start) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms (x${SLOWDOWN}: ${(ms * SLOWDOWN).toFixed(0)} ms)  ${top(kinds, 6)}`,
  );
  if (byFile.size) {
    console.log(`  files: ${top(byFile, 5)}`);
    console.log(`  app:   ${top(byOwn, 4)}`);
    console.log(`  self:  ${top(byFunction, 5)}`);
  }
}
console.log(
  `\n${tasks.length} tasks over ${minimum} ms; their time over 50 ms at x${SLOWDOWN}: ${blocking.toFixed(0)} ms ` +
    '(every task of the load, before and after the first paint: an upper bound of what Lighthouse counts)',
);
