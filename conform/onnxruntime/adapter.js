#!/usr/bin/env node
// onnxruntime adapter of the sonnx-div conformance campaign (protocol: docs/conformance.md).
// A persistent process: it prints "READY onnxruntime <version>", then answers every request line
//   RUN <model.onnx> <input_0.pb> <input_1.pb> <output_0.pb>
// with one line: "OK" (output written), "UNSUPPORTED <why>" (the runtime refuses to load the
// model) or "ERROR <why>" (the runtime raised an error while running it). "QUIT" ends it.
// Tensors are ONNX TensorProto files whose elements are in raw_data (what the campaign writes).
'use strict';
const ort = require('onnxruntime-node');
const { oneLine, serve } = require('./protocol');
const { decodeTensor, writeTensorFile } = require('./tensor_proto');

const sessions = new Map();

async function run(model, input0, input1, output) {
  let session = sessions.get(model);
  if (!session) {
    try {
      session = await ort.InferenceSession.create(model);
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

serve('adapter', 'RUN', 5, run);
