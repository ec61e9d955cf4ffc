// One request of the conformance campaign (docs/conformance.md, "Adapter protocol") through an
// onnxruntime session, shared by the onnxruntime adapters (adapter.js: onnxruntime-node;
// ../onnxruntime-web/adapter.js): the model loaded once per path, the TensorProto inputs (the
// fields a raw_data tensor uses) decoded into the runtime's Tensor, the output encoded and written.
'use strict';
const fs = require('fs');
const path = require('path');
const { oneLine } = require('./protocol');

// ONNX TensorProto.DataType code -> [onnxruntime tensor type, typed array constructor].
const types = new Map([
  [1, ['float32', Float32Array]], [2, ['uint8', Uint8Array]], [3, ['int8', Int8Array]],
  [4, ['uint16', Uint16Array]], [5, ['int16', Int16Array]], [6, ['int32', Int32Array]],
  [7, ['int64', BigInt64Array]], [10, ['float16', Uint16Array]], [11, ['float64', Float64Array]],
  [12, ['uint32', Uint32Array]], [13, ['uint64', BigUint64Array]], [16, ['bfloat16', Uint16Array]],
]);
const codeOf = new Map([...types].map(([code, [name]]) => [name, code]));

function readVarint(buf, pos) {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    if (pos >= buf.length) throw new Error('truncated varint');
    const byte = buf[pos++];
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, pos];
    shift += 7n;
  }
}

// The fields of a TensorProto that a raw_data tensor uses: dims (1), data_type (2), raw_data (9).
function decodeTensor(file, Tensor) {
  const buf = fs.readFileSync(file);
  const dims = [];
  let dataType = 0;
  let raw = null;
  let pos = 0;
  while (pos < buf.length) {
    let key;
    [key, pos] = readVarint(buf, pos);
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      let v;
      [v, pos] = readVarint(buf, pos);
      if (field === 1) dims.push(Number(v));
      if (field === 2) dataType = Number(v);
    } else if (wire === 2) {
      let len;
      [len, pos] = readVarint(buf, pos);
      const end = pos + Number(len);
      if (field === 1) {  // packed dims
        while (pos < end) { let v; [v, pos] = readVarint(buf, pos); dims.push(Number(v)); }
      } else if (field === 9) {
        raw = buf.subarray(pos, end);
      }
      pos = end;
    } else if (wire === 1) {
      pos += 8;
    } else if (wire === 5) {
      pos += 4;
    } else {
      throw new Error(`${file}: unsupported protobuf wire type ${wire}`);
    }
  }
  const entry = types.get(dataType);
  if (!entry) throw new Error(`${file}: data_type ${dataType} has no onnxruntime tensor type`);
  if (raw === null) throw new Error(`${file}: no raw_data`);
  const [typeName, Typed] = entry;
  // Copy into a fresh, aligned buffer: the file's raw_data may start at any byte offset.
  const aligned = new Uint8Array(raw.length);
  aligned.set(raw);
  const data = new Typed(aligned.buffer, 0, raw.length / Typed.BYTES_PER_ELEMENT);
  return new Tensor(typeName, data, dims);
}

function varint(value) {
  const out = [];
  let v = BigInt(value);
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

function encodeTensor(tensor, name) {
  const code = codeOf.get(tensor.type);
  if (code === undefined) throw new Error(`output type ${tensor.type} is not an ONNX profile type`);
  const data = tensor.data;
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const parts = [];
  for (const d of tensor.dims) parts.push(varint(1 << 3), varint(d));
  parts.push(varint(2 << 3), varint(code));
  parts.push(varint((8 << 3) | 2), varint(Buffer.byteLength(name)), Buffer.from(name));
  parts.push(varint((9 << 3) | 2), varint(bytes.length), bytes);
  return Buffer.concat(parts);
}

// Writes a tensor as the output file the campaign reads: to a temporary name, then renamed, so
// that the campaign never reads a half-written file.
function writeTensorFile(tensor, name, output) {
  const temp = path.join(path.dirname(output), `.${path.basename(output)}.tmp`);
  fs.writeFileSync(temp, encodeTensor(tensor, name));
  fs.renameSync(temp, output);
}

// The answer to "RUN model input_0 input_1 output" with the sessions `create(model)` makes:
// UNSUPPORTED when the runtime refuses the model, ERROR when running it fails, else OK.
function divRunner(ort, create) {
  const sessions = new Map();
  return async (model, input0, input1, output) => {
    let session = sessions.get(model);
    if (!session) {
      try {
        session = await create(model);
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
  };
}

module.exports = { divRunner };
