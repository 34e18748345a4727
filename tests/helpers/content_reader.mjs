// The kernel (site/kernel/) under node, for the tests in CPython (tests/helpers/native.py): one JSON request per line on
// stdin, one JSON answer per line on stdout. Bytes travel as base64.
//
//   {"table": JSON text}                       -> {"table": id}
//   {"reader": table id}                       -> {"reader": id}
//   {"feed": reader id, "data": b64, "last": bool} -> {"stop": reason or null}
//   {"take": reader id}                        -> {"chunk": b64 or null}
//   {"objects": digits}                        -> {"objects": id}
//   {"file": objects id, "data": b64}          -> {}
//   {"object": objects id, "pos": P, "objid": N} -> {"chunk": b64} or {"stop": reason}
//   {"stream": objects id, "data": b64}        -> {"chunk": b64} or {"stop": reason}
//   {"glyphs": JSON text}                      -> {"glyphs": id}
//   {"begin": glyphs id}                       -> {}
//   {"truncate": glyphs id, "index": N}        -> {}
//   {"run": glyphs id, "records": b64, "seqs": b64} -> {} or {"limit": N} or {"stop": reason} or {"chunk": b64}
//   {"define": glyphs id, "entries": b64}        -> {}
//   {"lines": glyphs id, "left": X, "top": Y}  -> {"chunk": b64} or {"stop": reason}
//   {"drop": reader, objects or glyphs id}     -> {}
import { createInterface } from "node:readline";
import { Glyphs, Objects, Reader, table } from "../../site/kernel/index.mjs";

const tables = [];
const bytes = (b64) => new Uint8Array(Buffer.from(b64, "base64"));
const readers = new Map();
let next = 0;
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const ask = JSON.parse(line);
  let answer;
  try {
    if ("table" in ask) {
      tables.push(table(ask.table));
      answer = { table: tables.length - 1 };
    } else if ("reader" in ask) {
      readers.set(next, new Reader(tables[ask.reader]));
      answer = { reader: next++ };
    } else if ("feed" in ask) {
      const stop = readers.get(ask.feed).feed(new Uint8Array(Buffer.from(ask.data, "base64")), ask.last);
      answer = { stop: stop ?? null };
    } else if ("take" in ask) {
      const chunk = readers.get(ask.take).take();
      answer = { chunk: chunk === undefined ? null : Buffer.from(chunk).toString("base64") };
    } else if ("objects" in ask) {
      readers.set(next, new Objects(ask.objects));
      answer = { objects: next++ };
    } else if ("file" in ask) {
      readers.get(ask.file).file(new Uint8Array(Buffer.from(ask.data, "base64")));
      answer = {};
    } else if ("object" in ask || "stream" in ask) {
      const got = "object" in ask ? readers.get(ask.object).object(ask.pos, ask.objid)
        : readers.get(ask.stream).stream(new Uint8Array(Buffer.from(ask.data, "base64")));
      answer = typeof got === "string" ? { stop: got } : { chunk: Buffer.from(got).toString("base64") };
    } else if ("glyphs" in ask) {
      readers.set(next, new Glyphs(ask.glyphs));
      answer = { glyphs: next++ };
    } else if ("begin" in ask) {
      readers.get(ask.begin).begin();
      answer = {};
    } else if ("truncate" in ask) {
      readers.get(ask.truncate).truncate(ask.index);
      answer = {};
    } else if ("run" in ask) {
      const got = readers.get(ask.run).run(bytes(ask.records), bytes(ask.seqs));
      answer = got === undefined ? {} : typeof got === "number" ? { limit: got }
        : typeof got === "string" ? { stop: got } : { chunk: Buffer.from(got).toString("base64") };
    } else if ("define" in ask) {
      readers.get(ask.define).define(bytes(ask.entries));
      answer = {};
    } else if ("lines" in ask) {
      const got = readers.get(ask.lines).lines(ask.left, ask.top);
      answer = typeof got === "string" ? { stop: got } : { chunk: Buffer.from(got).toString("base64") };
    } else if ("drop" in ask) {
      readers.delete(ask.drop);
      answer = {};
    }
  } catch (error) {
    answer = { error: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
