/**
 * Where the server's own CPU goes (issue 9): sums a V8 CPU profile's self time by function and by module,
 * for each row that bench/cost.ts measured (health, the mix, ...), so a row's time per request can be
 * compared function by function with health's.
 *
 *   COST_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" COST_ROWS_FILE=/tmp/prof/rows.json \
 *     COST_DATABASE_URL=... tsx bench/cost.ts
 *   tsx bench/cpu-profile.ts /tmp/prof/<file>.cpuprofile /tmp/prof/rows.json [top]
 *
 * The rows file holds each row's window on the monotonic clock (process.hrtime), the clock V8 stamps its
 * samples with, and its number of requests. Without it the whole profile is one row. The server is one
 * bundle (dist/server/main.js): its functions are named by their source file through the bundle's source
 * map; a package's by its name in node_modules; `(garbage collector)`, `(program)` (V8 and native code
 * outside JavaScript) and `(idle)` as V8 names them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface RowWindow {
  row: string;
  startUs: number;
  endUs: number;
  requests: number;
}

const [profilePath, rowsPath, topArg] = process.argv.slice(2);
if (!profilePath) throw new Error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [rows.json] [top]');
const top = Number(topArg ?? 25);
/** CPU_PROFILE_INCLUSIVE: a pattern of function labels whose inclusive time (with their callees) is listed too. */
const inclusivePattern = process.env.CPU_PROFILE_INCLUSIVE
  ? new RegExp(process.env.CPU_PROFILE_INCLUSIVE)
  : null;
const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
const windows: RowWindow[] = rowsPath
  ? (JSON.parse(readFileSync(rowsPath, 'utf8')) as RowWindow[])
  : [{ row: 'whole profile', startUs: -Infinity, endUs: Infinity, requests: 1 }];

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMap(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    try {
      const file = fileURLToPath(url);
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url)!;
}

/** The module a frame belongs to: a package, a source file of the bundle, node's own, or V8's. */
function where(frame: CallFrame): { module: string; line: number } {
  const { url, lineNumber, columnNumber } = frame;
  if (!url) return { module: frame.functionName.startsWith('(') ? frame.functionName : '(native)', line: 0 };
  if (url.startsWith('node:')) return { module: url, line: lineNumber + 1 };
  const packages = url.lastIndexOf('/node_modules/');
  if (packages !== -1) {
    const rest = url.slice(packages + '/node_modules/'.length).split('/');
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return { module: name, line: lineNumber + 1 };
  }
  const map = url.endsWith('.js') ? sourceMap(url) : null;
  if (map) {
    const original = map.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (original.source) {
      const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^apps\/server\//, '');
      return { module: source, line: original.line };
    }
  }
  return { module: url.replace(/^file:\/\//, ''), line: lineNumber + 1 };
}

const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const labels = new Map<number, { fn: string; module: string }>();
for (const node of profile.nodes) {
  const { module, line } = where(node.callFrame);
  const name = node.callFrame.functionName || '(anonymous)';
  labels.set(node.id, { fn: `${name} ${module}${line ? `:${line}` : ''}`, module });
}

/**
 * The sampling interval (node's --cpu-prof-interval, 1000 µs unless set): V8 takes a sample every interval
 * while the thread runs; on a loaded machine a thread that was descheduled shows as one long gap, not as
 * many samples. So a sample stands for one interval of CPU; the time deltas would be wall time, and would
 * charge the wait to whatever ran before it (a socket write that woke the client, say).
 */
const interval = Number(process.env.CPU_PROFILE_INTERVAL_US ?? 1000);

/** Self time per function and per module inside [startUs, endUs). */
function selfTime(window: RowWindow) {
  const fns = new Map<string, number>();
  const modules = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i]!;
    if (at < window.startUs || at >= window.endUs) continue;
    const us = interval;
    const label = labels.get(profile.samples[i]!)!;
    if (label.module === '(idle)') continue;
    total += us;
    fns.set(label.fn, (fns.get(label.fn) ?? 0) + us);
    modules.set(label.module, (modules.get(label.module) ?? 0) + us);
    if (inclusivePattern) {
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parentOf.get(id)) {
        const fn = labels.get(id)!.fn;
        if (seen.has(fn) || !inclusivePattern.test(fn)) continue;
        seen.add(fn);
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
      }
    }
  }
  return { fns, modules, inclusive, total };
}

const ms = (us: number, requests: number) => Math.round((us / 1000 / requests) * 1000) / 1000;
const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

for (const window of windows) {
  const { fns, modules, inclusive, total } = selfTime(window);
  console.log(
    `\n${window.row}: ${ms(total, window.requests)} ms of CPU per request (${window.requests} requests; ` +
      `a sample is ${interval} µs of CPU; idle left out)`,
  );
  const rank = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, 'ms/req': ms(us, window.requests), share: share(us, total) }));
  console.log('by module');
  console.table(rank(modules, 20));
  console.log('by function (self time)');
  console.table(rank(fns, top));
  if (inclusivePattern) {
    console.log(`inclusive time of the functions matching ${inclusivePattern}`);
    console.table(rank(inclusive, top));
  }
}
