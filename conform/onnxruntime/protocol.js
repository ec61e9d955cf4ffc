// The line protocol of the conformance adapter (docs/conformance.md, "Adapter protocol"), shared by
// adapter.js, the benchmark's profiler (profile_div.js) and ../onnxruntime-web/adapter.js:
// "READY <runtime> <version>" (by default onnxruntime and onnxruntime-node's version), then one
// answer line per request line of `words` TAB-separated fields starting with `verb`, until "QUIT".
'use strict';
const readline = require('readline');

function oneLine(error) {
  return String(error && error.message ? error.message : error).replace(/\s+/g, ' ').trim();
}

// Serves requests with `answer(...fields after the verb)` (async, returns the answer line);
// `cleanup` runs before the process ends, however it ends; `ready` names the runtime and its
// version.
function serve(name, verb, words, answer, cleanup = () => {}, ready = undefined) {
  const runtime = ready || `onnxruntime ${require('onnxruntime-node/package.json').version}`;
  const main = async () => {
    process.stdout.write(`READY ${runtime}\n`);
    const lines = readline.createInterface({ input: process.stdin, terminal: false });
    for await (const line of lines) {
      const fields = line.split('\t');
      if (fields[0] === 'QUIT') break;
      if (fields[0] !== verb || fields.length !== words) {
        process.stdout.write(`ERROR ${name}: bad request '${line}'\n`);
        continue;
      }
      process.stdout.write(`${await answer(...fields.slice(1))}\n`);
    }
    cleanup();
    process.exit(0);
  };
  main().catch((e) => {
    process.stderr.write(`${runtime} ${name}: ${e && e.stack ? e.stack : e}\n`);
    cleanup();
    process.exit(70);
  });
}

module.exports = { oneLine, serve };
