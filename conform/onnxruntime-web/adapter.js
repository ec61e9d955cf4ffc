#!/usr/bin/env node
// onnxruntime-web adapter of the sonnx-div conformance campaign (protocol: docs/conformance.md):
// onnxruntime's kernels compiled to WebAssembly, run in Node.js by its CPU backend (execution
// provider 'wasm'), without a browser. One WebAssembly thread (env.wasm.numThreads = 1): no
// worker threads. The requests are served as for onnxruntime-node (../onnxruntime/div_request.js):
// it prints "READY onnxruntime-web <version>", then answers every request line
//   RUN <model.onnx> <input_0.pb> <input_1.pb> <output_0.pb>
// with "OK" (output written), "UNSUPPORTED <why>" (the runtime refuses to load the model) or
// "ERROR <why>" (the runtime raised an error while running it, e.g. a WebAssembly trap); "QUIT"
// ends it. Tensors are ONNX TensorProto files whose elements are in raw_data.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-web');
const { serve } = require('../onnxruntime/protocol');
const { divRunner } = require('../onnxruntime/div_request');

ort.env.wasm.numThreads = 1;
const create = (model) =>
  ort.InferenceSession.create(fs.readFileSync(model), { executionProviders: ['wasm'] });
serve('adapter', 'RUN', 5, divRunner(ort, create), () => {},
      `onnxruntime-web ${ort.env.versions.web}`);
