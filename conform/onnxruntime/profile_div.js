#!/usr/bin/env node
// Kernel times of onnxruntime's Div for the benchmark (bench/, docs/performance.md), measured by
// onnxruntime's own profiler (session option enableProfiling): per run, the sum of the kernel times
// of the nodes it executed (Div, and for a type without a Div kernel of its own the Casts that
// onnxruntime inserts around a wider Div). The Node binding's copies of the tensors are outside
// those times. One thread for the kernels (intraOpNumThreads 1, sequential execution).
// A persistent process, with the line protocol of the conformance adapter (adapter.js):
//   READY onnxruntime <version>
//   ROUND<TAB>model.onnx<TAB>type<TAB>a.bin<TAB>b.bin<TAB>runs
// Each ROUND creates a profiled session, runs the model once to warm up and then `runs` times on
// the operands (raw little-endian elements), ends profiling and answers one line:
//   OK <mean kernel seconds per run> <operators of a run, joined by '+'>
//   UNSUPPORTED <why>   (onnxruntime refuses to load the model: no kernel for the type)
//   ERROR <why>
// "QUIT" ends it.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const ort = require('onnxruntime-node');
const { oneLine, serve } = require('./protocol');

const typed = {
  float16: Uint16Array, bfloat16: Uint16Array, float32: Float32Array, float64: Float64Array,
  int8: Int8Array, int16: Int16Array, int32: Int32Array, int64: BigInt64Array,
  uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array,
};

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sonnx-ort-profile-'));
const loaded = new Map();  // file -> typed array: the benchmark sends the same operands each round

function operand(file, type) {
  const key = `${type}:${file}`;
  if (!loaded.has(key)) {
    const bytes = fs.readFileSync(file);
    const aligned = new Uint8Array(bytes.length);
    aligned.set(bytes);
    const Typed = typed[type];
    loaded.clear();  // one pair of operands at a time
    loaded.set(key, new Typed(aligned.buffer, 0, bytes.length / Typed.BYTES_PER_ELEMENT));
  }
  return loaded.get(key);
}

// The profile onnxruntime wrote for this round (the file name carries a time stamp), parsed and
// removed. Every profile of the folder is removed: a session that failed to load leaves one too.
function takeProfile() {
  const files = fs.readdirSync(profileDir).filter((f) => f.endsWith('.json'));
  let events = null;
  for (const f of files) {
    const file = path.join(profileDir, f);
    if (events === null) events = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.unlinkSync(file);
  }
  if (files.length !== 1) throw new Error(`expected one profile, found ${files.length}`);
  return events;
}

// Per run (a "model_run" event), the sum of the kernel times of the nodes inside it, in seconds.
function kernelSeconds(events) {
  const runs = events.filter((e) => e.cat === 'Session' && e.name === 'model_run')
    .map((e) => ({ begin: e.ts, end: e.ts + e.dur, micros: 0, ops: [] }));
  for (const e of events) {
    if (e.cat !== 'Node' || !e.name.endsWith('_kernel_time')) continue;
    const run = runs.find((r) => e.ts >= r.begin && e.ts <= r.end);
    if (!run) throw new Error(`kernel event ${e.name} outside every run`);
    run.micros += e.dur;
    run.ops.push(e.args && e.args.op_name ? e.args.op_name : e.name);
  }
  return runs;
}

async function round(model, type, fileA, fileB, runs) {
  if (!typed[type]) return `ERROR unknown type ${type}`;
  const options = {
    enableProfiling: true, profileFilePrefix: path.join(profileDir, 'div'),
    intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential',
  };
  let session;
  try {
    session = await ort.InferenceSession.create(model, options);
  } catch (e) {
    for (const f of fs.readdirSync(profileDir)) fs.unlinkSync(path.join(profileDir, f));
    return `UNSUPPORTED ${oneLine(e)}`;
  }
  try {
    const a = operand(fileA, type);
    const b = operand(fileB, type);
    const n = a.length;
    const feeds = {};
    feeds[session.inputNames[0]] = new ort.Tensor(type, a, [n]);
    feeds[session.inputNames[1]] = new ort.Tensor(type, b, [n]);
    for (let i = 0; i <= runs; ++i) await session.run(feeds);  // the first run warms up
    session.endProfiling();
    const measured = kernelSeconds(takeProfile()).slice(1);
    if (measured.length !== runs) throw new Error(`${measured.length} runs profiled, ${runs} made`);
    const mean = measured.reduce((s, r) => s + r.micros, 0) / runs / 1e6;
    return `OK ${mean} ${measured[0].ops.join('+')}`;
  } catch (e) {
    return `ERROR ${oneLine(e)}`;
  } finally {
    await session.release();
  }
}

serve('profiler', 'ROUND', 6, (model, type, a, b, runs) => round(model, type, a, b, Number(runs)),
  () => fs.rmSync(profileDir, { recursive: true, force: true }));
