#!/usr/bin/env node
// onnxruntime adapter of the sonnx-div conformance campaign (protocol: docs/conformance.md).
// A persistent process: it prints "READY onnxruntime <version>", then answers every request line
//   RUN <model.onnx> <input_0.pb> <input_1.pb> <output_0.pb>
// with one line: "OK" (output written), "UNSUPPORTED <why>" (the runtime refuses to load the
// model) or "ERROR <why>" (the runtime raised an error while running it). "QUIT" ends it.
// Tensors are ONNX TensorProto files whose elements are in raw_data (what the campaign writes).
'use strict';
const ort = require('onnxruntime-node');
const { serve } = require('./protocol');
const { divRunner } = require('./div_request');

serve('adapter', 'RUN', 5, divRunner(ort, (model) => ort.InferenceSession.create(model)));
