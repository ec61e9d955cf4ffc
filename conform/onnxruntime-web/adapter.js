#!/usr/bin/env node
// onnxruntime-web adapter of the sonnx-div conformance campaign (protocol: docs/conformance.md):
// onnxruntime's kernels compiled to WebAssembly, run in Node.js by its CPU backend (execution
// provider 'wasm'), without a browser. One WebAssembly thread (env.wasm.numThreads = 1): no worker
// threads, the same kernels as with more. Otherwise as ../onnxruntime/adapter.js (onnxruntime-node):
// it prints "READY onnxruntime-web <version>", then answers every request line
//   RUN <model.onnx> <input_0.pb> <input_1.pb> <output_0.pb>
// with "OK" (output written), "UNSUPPORTED <why>" (the runtime refuses to load the model) or
// "ERROR <why>" (the runtime raised an error while running it, e.g. a WebAssembly trap); "QUIT"
// ends it. Tensors are ONNX TensorProto files whose elements are in raw_data.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-web');
const { oneLine, serve } = require('../onnxruntime/protocol');
const { decodeTensor, writeTensorFile } = require('../onnxruntime/tensor_proto');

ort.env.wasm.numThreads = 1;
const sessions = new Map();

async function run(model, input0, input1, output) {
  let session = sessions.get(model);
  if (!session) {
    try {
      session = await ort.InferenceSession.create(fs.readFileSync(model),
                                                  { executionProviders: ['wasm'] });
    } catch (e) {
      return `UNSUPPORTED ${oneLine(e)}`;
    }
    sessions.set(model, session);
  }
  let result;
  try {
    const feeds = {};
    feeds[session.inputNames[0]] = decodeTensor(input0, ort.Tensor);
    feeds[session.inputNames[1]] = decodeTensor(input1, ort.Tensor);
    result = await session.run(feeds);
  } catch (e) {
    return `ERROR ${oneLine(e)}`;
  }
  const name = session.outputNames[0];
  writeTensorFile(result[name], name, output);
  return 'OK';
}

serve('adapter', 'RUN', 5, run, () => {}, `onnxruntime-web ${ort.env.versions.web}`);
