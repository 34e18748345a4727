// The objects of a PDF file, read in JavaScript for the worker's Python.
//
// A PDF's objects are made of the same tokens, and pdfminer reads them with the same parser, at the same
// speed: in Pyodide, reading a file's fonts, pages and resources is as slow as reading its text was.
// read/xref.py's SafePDFDocument asks an Objects reader (through read/kernel.py) for the object at an
// offset of the file ("N G obj ... endobj", as pdfminer's PDFParser reads it) and for the objects inside
// an object stream (as its PDFStreamParser reads them). The answer is a pickle of a list, or a reason to leave the object to
// pdfminer's parser, which then makes of it whatever it always made:
//   - at an offset: [value] for "N G obj value endobj", [dictionary, P] for "N G obj << ... >> stream",
//     P being where the keyword "stream" starts: pdfminer's parser reads the stream from there;
//   - an object stream: [value, value, ...], every value at its top level.
// A reference "N G R" is the persistent id N (an int). The two parsers differ in a few keywords, and so
// does this reader: null is None in a file's object and the keyword null inside an object stream, where
// "obj" and "endobj" are dropped. Only plain shapes are read here; anything pdfminer would read in its
// own odd way (an object that is not one value, R after something that is not two integers, a dictionary
// key that is not a name, a null value in a dictionary, an object number that is not the one asked for)
// is left to it.

import {
  BINBYTES, BININT, BINPERSID, Bytes, MARK, NEWFALSE, NEWTRUE, NONE, SHORT_BINBYTES, Stop, inPlace, stopped,
} from "./pickle.mjs";
import { INTEGER, KEYWORD_END, OTHER, Reader, gap, specialWord } from "./tokens.mjs";

const KEY = 1, INT = 2, NULL = 3, DICT = 4, VALUE = 5; // what an item of an array, dictionary or the top is

export class Objects extends Reader {
  // digits: the most digits Python turns into an int (0: any), as in table()
  constructor(digits) {
    super({ names: new Map(), keywords: new Map(), digits, ahead: Infinity });
    this.data = null; // the file, a copy
  }

  // The file's bytes (see inPlace), copied: the reader keeps them.
  file(data) {
    this.data = inPlace(data, (bytes) => bytes.slice());
  }

  // The object numbered `objid` at offset `pos` of the file.
  // Python side: read/kernel.py read_object
  object(pos, objid) {
    return stopped(() => {
      this.begin(true);
      this.read(this.data, true, header(this.data, pos, objid));
      if (this.ended === null) throw new Stop("unsupported: an object without endobj");
      const [word, at] = this.ended;
      if (this.top.kinds.length !== 1) throw new Stop("unsupported: an object that is not one value");
      if (word === "stream" && this.top.kinds[0] !== DICT) throw new Stop("unsupported: a stream without a dictionary");
      return this.result(word === "stream" ? at : undefined);
    });
  }

  // The objects of an object stream's data (see inPlace).
  // Python side: read/kernel.py read_objects
  stream(data) {
    return inPlace(data, (bytes) => stopped(() => {
      this.begin(false);
      this.read(bytes, true);
      // pdfminer's parser never finishes a name with an escape, or a hex string, that ends the data.
      if (this.cut === "name" || this.cut === "hex") throw new Stop("unsupported: a token cut by the end of the data");
      if (this.contexts.length) throw new Stop("unsupported: an object stream that ends inside an array or dictionary");
      return this.result();
    }));
  }

  begin(inFile) {
    this.inFile = inFile; // a file's object (PDFParser), or an object stream (PDFStreamParser)
    this.pool.len = 0;
    this.contexts = [];
    this.top = { kind: "t", count: 0, starts: [], kinds: [] };
    this.ended = null; // [keyword, its position] once endobj or stream ends a file's object
  }

  result(position) {
    const out = new Bytes(this.pool.len + 16);
    out.openList();
    out.copy(this.pool.buf, 0, this.pool.len);
    if (position !== undefined) out.u32(BININT, position);
    out.closeList();
    return out.buf.subarray(0, out.len);
  }

  here() {
    return this.contexts.at(-1) ?? this.top;
  }

  push(context, at, kind) {
    context.starts.push(at);
    context.kinds.push(kind);
    context.count++;
  }

  added(at, what) {
    this.push(this.here(), at, what === INTEGER ? INT : VALUE);
  }

  key(context, text, at) {
    this.push(context, at, KEY);
  }

  open(kind, opcode) {
    const at = this.pool.len;
    this.pool.byte(opcode);
    this.pool.byte(MARK);
    this.contexts.push({ kind, at, count: 0, starts: [], kinds: [] });
  }

  // pdfminer makes a dictionary of its items in pairs, each key's literal_name, leaving out a None value.
  close(context) {
    if (context.kind === "d") {
      for (let i = 0; i < context.kinds.length; i += 2) {
        if (context.kinds[i] !== KEY) throw new Stop("unsupported: a dictionary key that is not a name");
        if (context.kinds[i + 1] === NULL) throw new Stop("unsupported: a null value in a dictionary");
      }
    }
    this.contexts.pop();
    this.push(this.here(), context.at, context.kind === "d" ? DICT : VALUE);
  }

  // "R" makes a reference of the two integers before it (in an object stream pdfminer takes the two items
  // whatever they are, and fails without two; in a file's object, R with fewer than two does nothing).
  reference() {
    const context = this.here();
    const n = context.kinds.length;
    if (n < 2 && this.inFile) return;
    if (!this.inFile && context === this.top) throw new Stop("unsupported: R at the top of an object stream");
    if (n < 2 || context.kinds[n - 2] !== INT || context.kinds[n - 1] !== INT) {
      throw new Stop("unsupported: R after something that is not two integers");
    }
    // The first integer's pickle stays, as the persistent id; the second goes.
    this.pool.len = context.starts[n - 1];
    this.pool.byte(BINPERSID);
    context.starts.pop();
    context.kinds.pop();
    context.count--;
    context.kinds[n - 2] = VALUE;
  }

  word(data, start, end) {
    const special = specialWord(data, start, end);
    const at = this.pool.len;
    if (special === "true" || special === "false") {
      this.pool.byte(special === "true" ? NEWTRUE : NEWFALSE);
      this.added(at, OTHER);
      return undefined;
    }
    const word = end - start <= 9 ? String.fromCharCode(...data.subarray(start, end)) : "";
    if (word === "R") {
      this.reference();
      return undefined;
    }
    if (this.inFile) {
      if (word === "null") {
        this.pool.byte(NONE);
        this.push(this.here(), at, NULL);
        return undefined;
      }
      if (word === "endobj" || word === "stream") {
        if (this.contexts.length) throw new Stop(`unsupported: ${word} inside an array or dictionary`);
        this.ended = [word, start];
        return data.length;
      }
      if (word === "xref" || word === "startxref") throw new Stop(`unsupported: ${word} inside an object`);
    } else if (word === "obj" || word === "endobj") {
      return undefined;
    }
    this.pool.sized(SHORT_BINBYTES, BINBYTES, data, start, end);
    this.pool.byte(BINPERSID);
    this.added(at, OTHER);
    return undefined;
  }
}

// Where the value of the object at `pos` starts: after "N G obj", N being `objid`, as pdfminer's
// _getobj_parse reads them. An object of another number, or numbers written otherwise, are left to it (it
// looks further for the keyword obj).
function header(data, pos, objid) {
  const n = data.length;
  for (let k = 0; k < 2; k++) {
    pos = gap(data, pos);
    let end = pos;
    while (end < n && data[end] >= 0x30 && data[end] <= 0x39) end++;
    if (end === pos || end - pos > 15 || data[end] === 0x2e) throw new Stop("unsupported: an object that does not start with two integers");
    if (k === 0 && Number(String.fromCharCode(...data.subarray(pos, end))) !== objid) {
      throw new Stop("unsupported: an object of another number than asked for");
    }
    pos = end;
  }
  pos = gap(data, pos);
  let end = pos;
  while (end < n && !KEYWORD_END[data[end]]) end++;
  if (end - pos !== 3 || data[pos] !== 0x6f || data[pos + 1] !== 0x62 || data[pos + 2] !== 0x6a) {
    throw new Stop("unsupported: an object without the keyword obj");
  }
  return end;
}
