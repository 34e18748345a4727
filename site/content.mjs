// The tokens of page content streams, and of the file's objects, for the worker's Python, read in
// JavaScript. (The objects: see Objects at the end.)
//
// py/pagefurniture/content.py reads content streams with one regular expression and one loop; in Pyodide
// that loop runs at half the speed it has in CPython, and it is a third of all the time a page takes.
// This module reads the same tokens the same way (every rule below is one of content.py's, which says why
// pdfminer reads them so), keeps the operand stack and the open arrays and dictionaries itself, drops the
// operators the text path never sees, and hands Python only the operators it must call, with their
// operands, as pickles: Python's C unpickler builds the objects, and the loop in content.py only calls.
//
// A pickle holds [index, (operands...), index, (operands...), ...], at most CHUNK operators. A name is a
// str (a 1-tuple of its bytes when they are not UTF-8) and a keyword inside an array a bytes, each as a
// persistent id (BINPERSID) that content.py turns into pdfminer's interned PSLiteral / PSKeyword; an
// inline image is its dictionary, as a persistent id too. No pickle global is ever written, and
// content.py's unpickler refuses any.
//
// feed() answers undefined (None in Python) when the stream was read, or a reason: "unsupported: ..."
// where content.py would raise Unsupported too (pdfminer's parser must read the page), "python: ..."
// where only this reader stops (content.py's own loop must read the streams). Nothing is handed over
// before every stream of the page was fed, so either answer comes before any operator ran.

export const CHUNK = 1024;

// Operator kinds, as content.py's table gives them: dropped with their operands, called with their
// operands, or called with the whole stack, which the operator takes itself (scn and its kin).
const DROP = 0, CALL = 1, STACK = 2;

const WHITE = new Uint8Array(256); // \s of Python's re for bytes: \t \n \v \f \r and space
for (const c of [9, 10, 11, 12, 13, 32]) WHITE[c] = 1;
const NAME_END = WHITE.slice(); // what ends a name: whitespace and the delimiters / % [ ] ( ) < > { }
for (const c of "/%[]()<>{}") NAME_END[c.charCodeAt(0)] = 1;
const KEYWORD_END = NAME_END.slice(); // a '#' ends a keyword, not a name
KEYWORD_END[0x23] = 1;
const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) HEX["0123456789abcdef".charCodeAt(i)] = HEX["0123456789ABCDEF".charCodeAt(i)] = i;
const ESCAPES = new Int16Array(256).fill(-1); // \b \t \n \f \r \( \) \\; any other escaped byte is dropped
for (const [c, v] of [["b", 8], ["t", 9], ["n", 10], ["f", 12], ["r", 13], ["(", 40], [")", 41], ["\\", 92]]) {
  ESCAPES[c.charCodeAt(0)] = v;
}
const OTHER = Object.freeze({}); // an operand that is no name, array or string, for an inline image's /F
const INTEGER = Object.freeze({}); // an integer: OTHER for an inline image, the operand of R in an object
const A85 = new Set(["ASCII85Decode", "A85"]); // an inline image's first filter that ends it with ~>
const strict = new TextDecoder("utf-8", { fatal: true });
const loose = new TextDecoder("utf-8");

// Pickle opcodes (protocol 4).
const MARK = 0x28, STOP = 0x2e, BININT = 0x4a, BININT1 = 0x4b, BININT2 = 0x4d, LONG1 = 0x8a, LONG4 = 0x8b,
  BINFLOAT = 0x47, SHORT_BINBYTES = 0x43, BINBYTES = 0x42, SHORT_BINUNICODE = 0x8c, BINUNICODE = 0x58,
  NEWTRUE = 0x88, NEWFALSE = 0x89, EMPTY_LIST = 0x5d, APPENDS = 0x65, EMPTY_DICT = 0x7d, SETITEMS = 0x75,
  EMPTY_TUPLE = 0x29, TUPLE = 0x74, BINPERSID = 0x51, PROTO = 0x80;
const TUPLE1 = 0x85, TUPLES = [EMPTY_TUPLE, TUPLE1, 0x86, 0x87];
const FRAME = 0x95, MEMOIZE = 0x94, BINGET = 0x68, LONG_BINGET = 0x6a, APPEND = 0x61;

class Stop extends Error {} // a reason to stop reading, as feed() answers it

// A growing byte buffer.
class Bytes {
  constructor(size = 1 << 12) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
    this.len = 0;
  }
  room(n) {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const buf = new Uint8Array(size);
    buf.set(this.buf.subarray(0, this.len));
    this.buf = buf;
    this.view = new DataView(buf.buffer);
  }
  byte(b) {
    this.room(1);
    this.buf[this.len++] = b;
  }
  u32(op, n) { // an opcode and a 4-byte little-endian length or number
    this.room(5);
    this.buf[this.len] = op;
    this.view.setInt32(this.len + 1, n, true);
    this.len += 5;
  }
  copy(src, start, end) {
    this.room(end - start);
    this.buf.set(src.subarray(start, end), this.len);
    this.len += end - start;
  }
  float(v) { // a double, big-endian, as pickle's BINFLOAT has it
    this.room(9);
    this.buf[this.len] = BINFLOAT;
    this.view.setFloat64(this.len + 1, v, false);
    this.len += 9;
  }
  // A pickle of a list: its start (protocol 4, an empty list, a mark for the items that follow), and its
  // end (the items appended, stop).
  openList() {
    this.byte(PROTO);
    this.byte(4);
    this.byte(EMPTY_LIST);
    this.byte(MARK);
  }
  closeList() {
    this.byte(APPENDS);
    this.byte(STOP);
  }
  // bytes (or a str) with its length: the short form below 256 bytes
  sized(short, long, src, start, end) {
    const n = end - start;
    if (n < 256) {
      this.room(2 + n);
      this.buf[this.len++] = short;
      this.buf[this.len++] = n;
    } else this.u32(long, n);
    this.copy(src, start, end);
  }
}

// The operator table content.py sends: {"names": [[method name, operand count, kind], ...], "digits": N,
// "ahead": B}; the index in that list is what the pickles carry, N the most digits Python turns into an int
// (0: any), B the most bytes of streams read ahead of Python.
export function table(json) {
  const { names: list, digits, ahead } = JSON.parse(json);
  const names = new Map();
  list.forEach(([name, nargs, kind], index) => names.set(name, { index, nargs, kind }));
  return { names, digits, ahead, keywords: new Map() };
}

// What a keyword calls: pdfminer's name rule ("do_" + the keyword, T* -> do_T_a, ' -> do__q, " -> do__w,
// its bytes read as UTF-8 with what is not UTF-8 left out); null for an operator the interpreter lacks.
function operator(ops, data, start, end) {
  let ascii = true;
  let key = "";
  for (let i = start; i < end; i++) {
    if (data[i] >= 0x80) ascii = false;
    key += String.fromCharCode(data[i]);
  }
  let entry = ops.keywords.get(key);
  if (entry !== undefined) return entry;
  let text = key;
  if (!ascii) {
    // The decoder puts U+FFFD where Python leaves bytes out; a U+FFFD that was in the bytes stays in
    // Python's name, and no method has one in its name.
    text = key.includes("\xef\xbf\xbd") ? "\ufffd" : loose.decode(data.subarray(start, end)).replaceAll("\ufffd", "");
  }
  const name = "do_" + text.replaceAll("*", "_a").replaceAll('"', "_w").replaceAll("'", "_q");
  entry = ops.names.get(name) ?? null;
  ops.keywords.set(key, entry);
  return entry;
}

export class Reader {
  constructor(ops) {
    this.ops = ops;
    this.pool = new Bytes(); // the operands on the stack and in open containers, as pickle bytes
    this.stack = []; // where each operand on the stack starts in the pool
    this.contexts = []; // open arrays, dictionaries and inline-image dictionaries, innermost last
    this.out = null;
    this.count = 0; // operators in this.out
    this.chunks = [];
    this.fed = 0; // bytes of streams read so far
    this.start();
  }

  start() {
    this.out = new Bytes(1 << 14);
    this.out.openList();
    this.count = 0;
  }

  flush() {
    if (!this.count) return;
    this.out.closeList();
    this.chunks.push(this.out.buf.slice(0, this.out.len));
    this.start();
  }

  // The next pickle, or undefined (Python's None) when all were taken.
  take() {
    this.flush();
    return this.chunks.shift();
  }

  // One stream's bytes (see inPlace).
  feed(data, last) {
    return inPlace(data, (bytes) => stopped(() => {
      this.fed += bytes.length;
      // Every stream of a page is read before Python calls anything; a page of more than that is left
      // to content.py's loop, which reads as it calls, in step with the clock.
      if (this.fed > this.ops.ahead) throw new Stop("python: streams too long to read ahead");
      this.read(bytes, last);
      return undefined;
    }));
  }

  // An operand was written to the pool from `start`: it goes on the stack, or into the open container.
  added(start, what) {
    const context = this.contexts.at(-1);
    if (context === undefined) {
      this.stack.push(start);
      return;
    }
    if (context.kind !== "a" && context.count % 2 === 0) {
      throw new Stop("python: a dictionary key that is not a name");
    }
    this.item(context, what);
  }

  // `what` describes the item for an inline image's /F: {name}, {list: first item}, {bytes: length}, or
// OTHER for anything else (only read, never changed).
  item(context, what) {
    if (context.kind === "a") {
      if (context.count === 0) context.first = what;
    } else if (context.count % 2 === 1 && context.key === "F") {
      context.filter = what;
    }
    context.count++;
  }

  name(data, start, end) {
    const pool = this.pool;
    const at = pool.len;
    const context = this.contexts.at(-1);
    let raw = data.subarray(start, end);
    if (raw.includes(0x23)) { // '#' and up to two hex digits: that byte; a '#' without digits is dropped
      const bytes = [];
      for (let i = 0; i < raw.length; i++) {
        if (raw[i] !== 0x23) {
          bytes.push(raw[i]);
          continue;
        }
        let value = -1;
        let j = i + 1;
        for (; j < raw.length && j < i + 3 && HEX[raw[j]] >= 0; j++) value = (value < 0 ? 0 : value * 16) + HEX[raw[j]];
        if (value >= 0) bytes.push(value);
        i = j - 1;
      }
      raw = Uint8Array.from(bytes);
    }
    let text = null;
    let utf8 = true;
    if (raw.some((b) => b >= 0x80)) {
      try {
        text = strict.decode(raw);
      } catch {
        utf8 = false;
      }
    }
    const isKey = context !== undefined && context.kind !== "a" && context.count % 2 === 0;
    if (!utf8) { // pdfminer keeps such a name as its bytes: a 1-tuple of them is its persistent id
      if (isKey) throw new Stop("python: a dictionary key that is not UTF-8");
      pool.sized(SHORT_BINBYTES, BINBYTES, raw, 0, raw.length);
      pool.byte(TUPLE1);
      pool.byte(BINPERSID);
      this.added(at, context === undefined ? null : { name: "" });
      return;
    }
    pool.sized(SHORT_BINUNICODE, BINUNICODE, raw, 0, raw.length);
    if (isKey) { // a dictionary key: the name's text itself, as pdfminer's literal_name gives it
      this.key(context, text ?? loose.decode(raw), at);
      return;
    }
    pool.byte(BINPERSID);
    this.added(at, context === undefined ? null : { name: text ?? loose.decode(raw) });
  }

  key(context, text) {
    context.key = text;
    this.item(context, null);
  }

  integer(data, start, end) {
    const pool = this.pool;
    const at = pool.len;
    let i = start;
    const negative = data[i] === 0x2d;
    if (data[i] === 0x2b || data[i] === 0x2d) i++;
    // Python converts no more digits than its limit, leading zeros counted: pdfminer makes nothing of more.
    if (this.ops.digits > 0 && end - i > this.ops.digits) return;
    while (i < end - 1 && data[i] === 0x30) i++;
    const digits = end - i;
    if (digits <= 9) {
      let value = 0;
      for (; i < end; i++) value = value * 10 + data[i] - 48;
      if (negative) value = -value;
      if (value >= 0 && value < 256) {
        pool.byte(BININT1);
        pool.byte(value);
      } else if (value >= 0 && value < 65536) {
        pool.byte(BININT2);
        pool.byte(value & 255);
        pool.byte(value >> 8);
      } else if (value >= -0x80000000 && value < 0x80000000) pool.u32(BININT, value);
      else this.long(BigInt(value));
    } else {
      let text = "";
      for (; i < end; i++) text += String.fromCharCode(data[i]);
      this.long(negative ? -BigInt(text) : BigInt(text));
    }
    this.added(at, INTEGER);
  }

  long(value) { // two's complement, little-endian, as few bytes as hold the sign
    const bytes = [];
    let v = value;
    for (;;) {
      const b = Number(v & 255n);
      bytes.push(b);
      v >>= 8n;
      if ((v === 0n && b < 128) || (v === -1n && b >= 128)) break;
    }
    if (bytes.length < 256) {
      this.pool.byte(LONG1);
      this.pool.byte(bytes.length);
    } else this.pool.u32(LONG4, bytes.length);
    this.pool.copy(Uint8Array.from(bytes), 0, bytes.length);
  }

  real(data, start, end) {
    let text = "";
    for (let i = start; i < end; i++) text += String.fromCharCode(data[i]);
    const value = Number(text);
    if (Number.isNaN(value)) return; // "." or "-." alone: pdfminer makes nothing of it
    const at = this.pool.len;
    this.pool.float(value);
    this.added(at, OTHER);
  }

  string(body) { // a literal string's body, its escapes read
    const pool = this.pool;
    const at = pool.len;
    if (!body.includes(0x5c)) {
      pool.sized(SHORT_BINBYTES, BINBYTES, body, 0, body.length);
      this.added(at, { bytes: body.length });
      return;
    }
    const bytes = new Uint8Array(body.length);
    let n = 0;
    for (let i = 0; i < body.length; i++) {
      const c = body[i];
      if (c !== 0x5c) {
        bytes[n++] = c;
        continue;
      }
      const next = body[++i];
      if (next >= 0x30 && next <= 0x37) {
        let value = next - 48;
        for (let k = 0; k < 2 && body[i + 1] >= 0x30 && body[i + 1] <= 0x37; k++) value = value * 8 + body[++i] - 48;
        if (value > 255) throw new Stop("unsupported: an octal escape over 255");
        bytes[n++] = value;
      } else if (next === 13 && body[i + 1] === 10) {
        i++;
      } else if (next !== undefined && ESCAPES[next] >= 0) {
        bytes[n++] = ESCAPES[next];
      }
    }
    pool.sized(SHORT_BINBYTES, BINBYTES, bytes, 0, n);
    this.added(at, { bytes: n });
  }

  hex(data, start, end) {
    const digits = [];
    for (let i = start; i < end; i++) if (HEX[data[i]] >= 0) digits.push(HEX[data[i]]);
    const bytes = new Uint8Array((digits.length + 1) >> 1);
    for (let i = 0; i + 1 < digits.length; i += 2) bytes[i >> 1] = digits[i] * 16 + digits[i + 1];
    if (digits.length % 2) bytes[bytes.length - 1] = digits.at(-1); // a last lone digit is its own value
    const at = this.pool.len;
    this.pool.sized(SHORT_BINBYTES, BINBYTES, bytes, 0, bytes.length);
    this.added(at, { bytes: bytes.length });
  }

  keyword(data, start, end) {
    const context = this.contexts.at(-1);
    if (context !== undefined) { // inside an array or dictionary a keyword is a value
      const at = this.pool.len;
      this.pool.sized(SHORT_BINBYTES, BINBYTES, data, start, end);
      this.pool.byte(BINPERSID);
      this.added(at, OTHER);
      return;
    }
    const entry = operator(this.ops, data, start, end);
    if (entry === null) return; // an operator the interpreter lacks takes no operands
    const stack = this.stack;
    let n = entry.kind === STACK ? stack.length : entry.nargs;
    if (stack.length < n) { // pdfminer takes what there is and skips the call
      stack.length = 0;
      this.pool.len = 0;
      return;
    }
    const from = n ? stack[stack.length - n] : this.pool.len;
    if (entry.kind !== DROP) {
      const out = this.out;
      if (entry.index < 256) {
        out.byte(BININT1);
        out.byte(entry.index);
      } else {
        out.byte(BININT2);
        out.byte(entry.index & 255);
        out.byte(entry.index >> 8);
      }
      if (n > 3) out.byte(MARK);
      out.copy(this.pool.buf, from, this.pool.len);
      out.byte(n > 3 ? TUPLE : TUPLES[n]);
      if (++this.count === CHUNK) this.flush();
    }
    stack.length -= n;
    this.pool.len = from;
  }

  open(kind, opcode) {
    const at = this.pool.len;
    const context = this.contexts.at(-1);
    if (context !== undefined && context.kind !== "a" && context.count % 2 === 0) {
      throw new Stop("python: a dictionary key that is not a name");
    }
    this.pool.byte(opcode);
    this.pool.byte(MARK);
    this.contexts.push({ kind, at, count: 0, key: null, first: null, filter: undefined });
  }

  close(context) {
    this.contexts.pop();
    const parent = this.contexts.at(-1);
    if (parent === undefined) this.stack.push(context.at);
    else this.item(parent, context.kind === "a" ? { list: context.first } : OTHER);
  }

  // Where an inline image's data ends, as content.py's _inline_end finds it: past the target and one
  // whitespace byte.
  static inlineEnd(data, start, target) {
    let matched = 0;
    let pos = start;
    const n = data.length;
    while (matched <= target.length) {
      if (matched) {
        if (pos >= n) throw new Stop("unsupported: an inline image that runs past its stream");
        const c = data[pos++];
        if ((matched === target.length && WHITE[c]) || (matched < target.length && c === target[matched])) matched++;
        else matched = 0;
      } else {
        const j = data.indexOf(target[0], pos);
        if (j < 0) throw new Stop("unsupported: an inline image that runs past its stream");
        pos = j + 1;
        matched = 1;
      }
    }
    return pos;
  }

  // ID: the inline image's dictionary becomes one operand, and the reader goes on where its data ends.
  image(data, idAt) {
    const context = this.contexts.at(-1);
    if (context === undefined || context.kind !== "i") throw new Stop("unsupported: ID outside an inline image");
    if (context.count % 2) throw new Stop("unsupported: an inline image with an odd dictionary");
    let ascii85 = false;
    const filter = context.filter;
    if (filter !== undefined) {
      const first = filter.name !== undefined ? filter : filter.list !== undefined ? filter.list : filter;
      if (filter.list !== undefined && first === null) throw new Stop("unsupported: an inline image with a strange filter");
      if (filter.name === undefined && filter.list === undefined && !(filter.bytes > 0)) {
        throw new Stop("unsupported: an inline image with a strange filter"); // filters[0] fails in Python
      }
      ascii85 = first !== null && first.name !== undefined && A85.has(first.name);
    }
    this.pool.byte(SETITEMS);
    this.pool.byte(BINPERSID);
    this.contexts.pop();
    this.stack.push(context.at);
    const target = ascii85 ? [0x7e, 0x3e] : [0x45, 0x49];
    let pos = Reader.inlineEnd(data, idAt + 3, target);
    if (!ascii85) pos -= 3; // back to the E of "EI" and the whitespace after it: do_EI shows the image
    return pos;
  }

  // A keyword at data[start..end): a value, an operator, or an inline image's start or data; where to read
  // on from when that is not the keyword's end.
  word(data, start, end) {
    const special = specialWord(data, start, end);
    if (special === "true" || special === "false") {
      const at = this.pool.len;
      this.pool.byte(special === "true" ? NEWTRUE : NEWFALSE);
      this.added(at, OTHER);
    } else if (special === "BI") {
      if (this.contexts.length) throw new Stop("unsupported: BI inside an array or dictionary");
      this.open("i", EMPTY_DICT);
    } else if (special === "ID") {
      return gap(data, this.image(data, start));
    } else this.keyword(data, start, end);
    return undefined;
  }

  read(data, last, from = 0) {
    const n = data.length;
    let pos = gap(data, from);
    // The last token ends the stream and would run on into the next one: "name", "hex" or ">".
    let open = false;
    while (pos < n) {
      const c = data[pos];
      let end;
      open = false;
      if (c === 0x2f) { // a name
        end = pos + 1;
        while (end < n && !NAME_END[data[end]]) end++;
        this.name(data, pos + 1, end);
        open = end === n && (end === pos + 1 || data.subarray(pos + 1, end).includes(0x23)) && "name";
      } else if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) { // a number, or a sign
        end = pos;
        if (c === 0x2b || c === 0x2d) end++;
        while (end < n && data[end] >= 0x30 && data[end] <= 0x39) end++;
        if (end < n && data[end] === 0x2e) {
          end++;
          while (end < n && data[end] >= 0x30 && data[end] <= 0x39) end++;
          this.real(data, pos, end);
        } else if (end > pos + 1 || (c !== 0x2b && c !== 0x2d)) {
          this.integer(data, pos, end);
        } else {
          end = pos + 1; // a sign alone: pdfminer makes nothing of it
        }
      } else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) { // a keyword
        end = pos + 1;
        while (end < n && !KEYWORD_END[data[end]]) end++;
        const next = this.word(data, pos, end);
        if (next !== undefined) {
          pos = next;
          continue;
        }
      } else if (c === 0x28) { // a string
        let depth = 1;
        end = pos + 1;
        for (;;) {
          while (end < n && data[end] !== 0x28 && data[end] !== 0x29 && data[end] !== 0x5c) end++;
          if (end >= n) throw new Stop("unsupported: a string that does not end in its stream");
          const b = data[end++];
          if (b === 0x5c) end++;
          else if (b === 0x28) depth++;
          else if (--depth === 0) break;
        }
        this.string(data.subarray(pos + 1, end - 1));
      } else if (c === 0x3c) {
        if (data[pos + 1] === 0x3c) {
          this.open("d", EMPTY_DICT);
          end = pos + 2;
        } else { // a hex string; its '>' is a token of its own, as pdfminer reads it
          end = pos + 1;
          while (end < n && (HEX[data[end]] >= 0 || WHITE[data[end]])) end++;
          this.hex(data, pos + 1, end);
          open = end === n && "hex";
        }
      } else if (c === 0x3e) {
        if (data[pos + 1] === 0x3e) {
          end = pos + 2;
          const context = this.contexts.at(-1);
          if (context !== undefined && context.kind === "d") {
            if (context.count % 2) throw new Stop("unsupported: a dictionary with an odd number of entries");
            this.pool.byte(SETITEMS);
            this.close(context);
          }
        } else {
          end = pos + 1; // a lone '>' is skipped
          open = end === n && ">";
        }
      } else if (c === 0x5b) {
        this.open("a", EMPTY_LIST);
        end = pos + 1;
      } else if (c === 0x5d) {
        end = pos + 1;
        const context = this.contexts.at(-1);
        if (context !== undefined && context.kind === "a") { // a ']' that closes nothing open is ignored
          this.pool.byte(APPENDS);
          this.close(context);
        }
      } else if (c === 0x7b || c === 0x7d) {
        throw new Stop("unsupported: a PostScript procedure");
      } else { // any other byte is a one-byte keyword (the ' and " operators among them)
        end = pos + 1;
        this.word(data, pos, end);
      }
      pos = gap(data, end);
    }
    this.cut = open;
    if (!last && open) throw new Stop("unsupported: a token cut by the end of a content stream");
  }
}

// `use(bytes)` on data, a Uint8Array, or Python's bytes read in place (through the buffer protocol, released
// after: Python's memory may move once Python runs again).
function inPlace(data, use) {
  if (data instanceof Uint8Array) return use(data);
  const buffer = data.getBuffer("u8");
  try {
    return use(buffer.data);
  } finally {
    buffer.release();
  }
}

// What read() answers, or the reason it stopped (the message of a Stop).
function stopped(read) {
  try {
    return read();
  } catch (error) {
    if (error instanceof Stop) return error.message;
    throw error;
  }
}

// The keyword data[start..end) when it is one the parser acts on itself: true, false, BI or ID (content.py
// matches these only when no keyword character follows, so only as a whole keyword); else undefined.
const SPECIAL_WORDS = new Set(["true", "false", "BI", "ID"]);
function specialWord(data, start, end) {
  if (end - start !== 2 && end - start !== 4 && end - start !== 5) return undefined;
  const word = String.fromCharCode(...data.subarray(start, end));
  return SPECIAL_WORDS.has(word) ? word : undefined;
}

// Past whitespace, NULs and comments.
function gap(data, pos) {
  const n = data.length;
  while (pos < n) {
    const c = data[pos];
    if (WHITE[c] || c === 0) pos++;
    else if (c === 0x25) {
      while (pos < n && data[pos] !== 10 && data[pos] !== 13) pos++;
    } else break;
  }
  return pos;
}

// -- the objects of a PDF file ------------------------------------------------------------------------------
//
// A PDF's objects are made of the same tokens, and pdfminer reads them with the same parser, at the same
// speed: in Pyodide, reading a file's fonts, pages and resources is as slow as reading its text was.
// guard.SafePDFDocument asks an Objects reader for the object at an offset of the file ("N G obj ...
// endobj", as pdfminer's PDFParser reads it) and for the objects inside an object stream (as its
// PDFStreamParser reads them). The answer is a pickle of a list, or a reason to leave the object to
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

const KEY = 1, INT = 2, NULL = 3, DICT = 4, VALUE = 5; // what an item of an array, dictionary or the top is
const NONE = 0x4e;

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

// -- glyphs and lines ------------------------------------------------------------------------------------
//
// extract.py's _Deferred hands over, for each string a page shows, what _Glyphs.setup works out once per
// string and the string's elements, as numbers (its FIELDS give the order): here each glyph is placed as
// _Glyphs.render_string places it and the page's glyphs are grouped into lines as build_lines groups
// them, with the same floating-point operations in the same order, so that every line comes out the
// same, to the bit. Python's own rules are kept where JavaScript has others: round() (half to even, on
// the exact value), str.isspace() and split() (the white space is Python's, sent in the config), min()
// and max() (the first of equals: min(0.0, -0.0) is 0.0), a dict's keys (0.0 and -0.0 are one key, the
// first met kept), and an int's arithmetic, which has no -0.0. Where that would not hold (a value that
// is not finite, or one so big that a product could overflow) the answer is a reason, and Python places
// the page itself.
//
// The elements come as one pickle, a list of each string's list of numbers (moving the pen) and bytes (its
// character ids, one a byte or two a pair as the record's decoding says) or tuples of character ids
// (decoded by Python). A font is a number; the text (code points) and width of each of its character ids
// are asked for (run() answers the pairs it lacks) and defined once.

// A glyph's numbers beyond this (or not finite) go to Python: below it no product overflows, and a box
// edge stays small enough (under 2**47) for pyRound to find every tie exactly.
const FINITE = 2 ** 40;

export class Glyphs {
  constructor(json) {
    const config = JSON.parse(json);
    this.config = config;
    this.at = Object.fromEntries(config.fields.map((name, k) => [name, k]));
    this.width = config.fields.length;
    this.intBit = Object.fromEntries(config.ints.map((name, k) => [name, 1 << k]));
    this.space = new Set(config.space);
    this.fonts = new Map(); // font number -> Map(character id -> {text: code points, width, int, space})
    this.begin();
  }

  // A new page.
  begin() {
    this.buckets = new Map(); // angle -> glyphs, in drawing order
    this.count = 0;
    this.ends = []; // string number -> [x, y, x is an int, y is an int], where it ended
  }

  // Take back the strings from number `index` on (the interpreter undid them).
  truncate(index) {
    let count = 0;
    for (const items of this.buckets.values()) {
      while (items.length && items.at(-1).rec >= index) items.pop();
      count += items.length;
    }
    this.count = count;
    this.ends.length = Math.min(this.ends.length, index);
  }

  // The (font, character id) pairs the strings use that are not defined yet, as Float64 bytes; else the
  // strings are placed: undefined, or the glyph count at which render_string would stop for the limit
  // on characters (a number), or why Python must place the page (a string).
  run(records, seqs) {
    return inPlace(records, (r) => inPlace(seqs, (p) => stopped(() => {
      const R = floats(r);
      const S = elements(p);
      if (S.length * this.width !== R.length) throw new Stop("records and elements do not match");
      const cids = S.map((seq, k) => seq.map((item) => typeof item === "number" ? item
        : characters(item, R[k * this.width + this.at.decoding])));
      return this.place(R, cids);
    })));
  }

  // (font, character id, width, 1 if the width is an int, n, n code points) ... as Float64 bytes.
  define(table) {
    inPlace(table, (bytes) => {
      const t = floats(bytes);
      for (let k = 0; k < t.length;) {
        const font = t[k], cid = t[k + 1], width = t[k + 2], int = t[k + 3] !== 0, n = t[k + 4];
        const text = Array.from(t.subarray(k + 5, k + 5 + n));
        let chars = this.fonts.get(font);
        if (chars === undefined) this.fonts.set(font, chars = new Map());
        chars.set(cid, { text, width, int, space: text.length > 0 && text.every((c) => this.space.has(c)) });
        k += 5 + n;
      }
    });
  }

  missing(R, S) {
    const at = this.at, size = this.width;
    const wanted = [];
    const seen = new Set();
    S.forEach((seq, k) => {
      const font = R[k * size + at.font];
      const chars = this.fonts.get(font);
      for (const item of seq) {
        if (typeof item === "number") continue;
        for (const cid of item) {
          if (chars?.has(cid)) continue;
          const pair = font + ":" + cid;
          if (seen.has(pair)) continue;
          seen.add(pair);
          wanted.push(font, cid);
        }
      }
    });
    return wanted.length ? new Uint8Array(Float64Array.from(wanted).buffer) : undefined;
  }

  place(R, S) {
    const wanted = this.missing(R, S);
    if (wanted !== undefined) return wanted;
    const at = this.at, size = this.width, bit = this.intBit, max = this.config.max_chars;
    let count = this.count;
    for (let o = 0, s = 0; o < R.length; o += size, s++) {
      const index = R[o + at.index], chars = this.fonts.get(R[o + at.font]);
      const name = R[o + at.name], art = R[o + at.artifact];
      const a = R[o + at.a], b = R[o + at.b], c = R[o + at.c], d = R[o + at.d], ee = R[o + at.e], f = R[o + at.f];
      const crise = R[o + at.crise], drise = R[o + at.drise], fontsize = R[o + at.fontsize];
      const scaling = R[o + at.scaling], charspace = R[o + at.charspace], wordspace = R[o + at.wordspace];
      const dxscale = R[o + at.dxscale], vertical = R[o + at.vertical] !== 0, visible = R[o + at.visible] !== 0;
      const dx = R[o + at.dx], dy = R[o + at.dy], gsize = R[o + at.size], dn = R[o + at.dn];
      const angle = R[o + at.angle], ints = R[o + at.ints];
      const ai = (ints & bit.a) !== 0, bi = (ints & bit.b) !== 0, ci = (ints & bit.c) !== 0;
      const di = (ints & bit.d) !== 0, ei = (ints & bit.e) !== 0, fi = (ints & bit.f) !== 0;
      const cri = (ints & bit.crise) !== 0, dri = (ints & bit.drise) !== 0, fsi = (ints & bit.fontsize) !== 0;
      let x, y, xi, yi;
      if (R[o + at.start] === 1) {
        [x, y, xi, yi] = this.ends[R[o + at.x]];
      } else {
        x = R[o + at.x];
        y = R[o + at.y];
        xi = (ints & bit.x) !== 0;
        yi = (ints & bit.y) !== 0;
      }
      let bucket;
      if (visible) {
        bucket = this.buckets.get(angle);
        if (bucket === undefined) this.buckets.set(angle, bucket = []);
      }
      let spaced = false;
      for (const item of S[s]) {
        if (typeof item === "number") { // x -= obj * dxscale, a float
          if (vertical) {
            y -= item * dxscale;
            yi = false;
          } else {
            x -= item * dxscale;
            xi = false;
          }
          spaced = true;
          continue;
        }
        for (const cid of item) {
          if (spaced) {
            if (vertical) {
              y += charspace;
              yi = false;
            } else {
              x += charspace;
              xi = false;
            }
          }
          const glyph = chars.get(cid);
          let wf = glyph.width * fontsize; // width * fontsize * scaling, as Python reads it
          if (glyph.int && fsi && wf === 0) wf = 0;
          const adv = wf * scaling;
          if ((count & 255) === 0 && count >= max) {
            this.count = count;
            return count;
          }
          if (visible && glyph.text.length) {
            // ox = x * a + y * c + e + crise, each step an int's when both sides are ints
            let p = x * a;
            if (xi && ai && p === 0) p = 0;
            let q = y * c;
            if (yi && ci && q === 0) q = 0;
            const ox = p + q + ee + crise;
            p = x * b;
            if (xi && bi && p === 0) p = 0;
            q = y * d;
            if (yi && di && q === 0) q = 0;
            const oy = p + q + f + drise;
            const g = {
              perp: dx * oy - dy * ox, along: dx * ox + dy * oy, seq: count, glyph, ox, oy, dx, dy, size: gsize,
              adv: adv * dn, name, art, rec: index,
            };
            if (!(Math.abs(g.perp) <= FINITE && Math.abs(g.along) <= FINITE && Math.abs(ox) <= FINITE &&
                  Math.abs(oy) <= FINITE && Math.abs(g.adv) <= FINITE && Math.abs(gsize) <= FINITE &&
                  Math.abs(dx) <= FINITE && Math.abs(dy) <= FINITE)) {
              return "a glyph's place is not finite, or too big to be exact";
            }
            bucket.push(g);
            count++;
          }
          if (vertical) {
            y += adv;
            yi = false;
            if (cid === 32 && wordspace !== 0) y += wordspace;
          } else {
            x += adv;
            xi = false;
            if (cid === 32 && wordspace !== 0) x += wordspace;
          }
          spaced = true;
        }
      }
      this.ends[index] = [x, y, xi, yi];
    }
    this.count = count;
    return undefined;
  }

  // The page's lines as build_lines makes them, a pickle of [(text, box, size, font name's number or -1,
  // angle, artifact's number), ...] in drawing order, `left` and `top` the crop box's x0 and y1.
  lines(left, top) {
    const out = [];
    const tolerance = this.config.baseline_tolerance;
    for (const [angle, items] of this.buckets) {
      items.sort(byPlace);
      let run = [];
      let base = 0, firstSize = 0;
      for (const item of items) {
        if (run.length) {
          let limit = item.size;
          if (firstSize > limit) limit = firstSize;
          if (1.0 > limit) limit = 1.0;
          if (item.perp - base > tolerance * limit) {
            this.splitRun(run, angle, left, top, out);
            run = [];
          }
        }
        if (!run.length) {
          base = item.perp;
          firstSize = item.size;
        }
        run.push(item);
      }
      if (run.length) this.splitRun(run, angle, left, top, out);
    }
    out.sort((p, q) => p.first - q.first);
    const pickle = new Bytes(1 << 16);
    pickle.openList();
    for (const line of out) {
      pickle.byte(MARK);
      unicode(pickle, line.text);
      pickle.byte(MARK);
      for (const v of line.box) pickle.float(v);
      pickle.byte(TUPLE);
      pickle.float(line.size);
      pickle.u32(BININT, line.font);
      pickle.u32(BININT, line.angle);
      pickle.u32(BININT, line.art);
      pickle.byte(TUPLE);
    }
    pickle.closeList();
    return pickle.buf.slice(0, pickle.len);
  }

  splitRun(run, angle, left, top, out) {
    run.sort(byAlong);
    let previous = -1;
    for (const item of run) {
      if (item.seq < previous) {
        for (const strand of this.strands(run)) this.cut(strand, angle, left, top, out);
        return;
      }
      previous = item.seq;
    }
    this.cut(run, angle, left, top, out);
  }

  strands(run) {
    const back = this.config.strand_back, least = this.config.strand_glyphs, overlap = this.config.strand_overlap;
    const strings = [];
    for (const item of run.slice().sort(bySeq)) {
      const last = strings.length ? strings.at(-1).at(-1) : undefined;
      if (last !== undefined && item.along >= last.along - pyMax(last.size, 1.0) * back) strings.at(-1).push(item);
      else strings.push([item]);
    }
    if (strings.length === 1) return [run];
    const spans = strings.map((s) => {
      let lo = s[0].along, hi = s[0].along + s[0].adv;
      for (const g of s) {
        if (g.along < lo) lo = g.along;
        if (g.along + g.adv > hi) hi = g.along + g.adv;
      }
      return [lo, hi];
    });
    const group = strings.map((_, k) => k);
    const find = (k) => {
      while (group[k] !== k) k = group[k];
      return k;
    };
    for (let a = 0; a < strings.length; a++) {
      for (let b = a + 1; b < strings.length; b++) {
        const over = pyMin(spans[a][1], spans[b][1]) - pyMax(spans[a][0], spans[b][0]);
        const shorter = pyMin(spans[a][1] - spans[a][0], spans[b][1] - spans[b][0]);
        const apart = strings[a].length >= least && strings[b].length >= least && over > overlap * shorter;
        if (!apart) group[find(b)] = find(a);
      }
    }
    const joined = new Map();
    strings.forEach((string, k) => {
      const root = find(k);
      if (!joined.has(root)) joined.set(root, []);
      const strand = joined.get(root);
      for (const g of string) strand.push(g); // not push(...string): a long one would pass too many arguments
    });
    const strands = [...joined.values()];
    for (const strand of strands) strand.sort(byAlong);
    return strands;
  }

  cut(run, angle, left, top, out) {
    const gap = this.config.line_split_gap;
    let segment = [];
    let end = 0;
    for (const item of run) {
      const along = item.along, adv = item.adv;
      let size = item.size;
      if (segment.length) {
        if (1.0 > size) size = 1.0;
        if (along - end > gap * size) {
          this.makeLine(segment, angle, left, top, out);
          segment = [item];
          end = along + adv;
          continue;
        }
        if (along + adv > end) end = along + adv;
      } else {
        end = along + adv;
      }
      segment.push(item);
    }
    if (segment.length) this.makeLine(segment, angle, left, top, out);
  }

  makeLine(segment, angle, left, top, out) {
    const wordGap = this.config.word_gap, space = this.space;
    const parts = [];
    const sizes = [], fonts = [], arts = []; // [key, count], in the order first met
    let big = 0, end = 0, far = 0;
    let lastGlyph = segment[0];
    let first = lastGlyph.seq;
    let blank = true;
    segment.forEach((item, k) => {
      const { along, seq, size, adv } = item;
      const glyph = item.glyph;
      const isSpace = glyph.space;
      if (k) {
        if (along - end > wordGap * size && !blank && !isSpace) parts.push(32);
        if (along + adv > far) {
          far = along + adv;
          lastGlyph = item;
        }
        if (seq < first) first = seq;
      } else {
        far = along + adv;
      }
      for (const c of glyph.text) parts.push(c);
      blank = isSpace;
      end = along + adv;
      if (!isSpace) {
        tally(sizes, size, 1);
        tally(fonts, item.name, 1);
        if (size > big) big = size;
        if (item.art) tally(arts, item.art, 1);
      }
    });
    const text = [];
    let word = false;
    for (const c of parts) {
      if (space.has(c)) {
        word = false;
      } else {
        if (!word && text.length) text.push(32);
        text.push(c);
        word = true;
      }
    }
    if (!text.length) return;
    const rounded = [];
    for (const [size, n] of sizes) tally(rounded, pyRound(size, 1), n);
    const size = rounded.length ? mostOf(rounded) : 0.0;
    const font = fonts.length ? mostOf(fonts) : -1;
    let marked = 0, drawn = 0;
    for (const [, n] of arts) marked += n;
    for (const [, n] of fonts) drawn += n;
    const art = marked * 2 > drawn ? mostOf(arts) : 0;
    const { ox: sx, oy: sy, dx, dy } = segment[0];
    const ex = lastGlyph.ox + dx * lastGlyph.adv;
    const ey = lastGlyph.oy + dy * lastGlyph.adv;
    const ux = -dy * big, uy = dx * big;
    const xs = [sx - 0.2 * ux, sx + 0.8 * ux, ex - 0.2 * ux, ex + 0.8 * ux];
    const ys = [sy - 0.2 * uy, sy + 0.8 * uy, ey - 0.2 * uy, ey + 0.8 * uy];
    const box = [pyRound(pyMin(...xs) - left, 2), pyRound(top - pyMax(...ys), 2), pyRound(pyMax(...xs) - left, 2),
      pyRound(top - pyMin(...ys), 2)];
    out.push({ first, text, box, size, font, angle, art });
  }
}

function byPlace(p, q) { // Python's order of (perp, along, seq, ...) tuples; seq is never equal
  if (p.perp !== q.perp) return p.perp < q.perp ? -1 : 1;
  if (p.along !== q.along) return p.along < q.along ? -1 : 1;
  return p.seq - q.seq;
}

function byAlong(p, q) {
  return p.along < q.along ? -1 : p.along > q.along ? 1 : 0;
}

function bySeq(p, q) {
  return p.seq - q.seq;
}

// A dict's count of `key` (numbers: 0.0 and -0.0 are one key, and the first met stays), as an array.
function tally(counts, key, n) {
  for (const entry of counts) {
    if (entry[0] === key) {
      entry[1] += n;
      return;
    }
  }
  counts.push([key, n]);
}

// max(counts, key=counts.get): the first key with the highest count.
function mostOf(counts) {
  let best = counts[0];
  for (const entry of counts) if (entry[1] > best[1]) best = entry;
  return best[0];
}

function pyMin(...values) { // Python's min(): the first of equal values
  let best = values[0];
  for (const v of values) if (v < best) best = v;
  return best;
}

function pyMax(...values) {
  let best = values[0];
  for (const v of values) if (v > best) best = v;
  return best;
}

// Python's round(x, digits) for digits 1 and 2: the decimal nearest the exact value, half to even, read
// back as the nearest double. toFixed() finds that decimal too, except that it takes a half up; x is
// exactly half-way at that many digits when x * 2**(digits + 1) is an odd integer.
function pyRound(x, digits) {
  if (x === 0 || !Number.isFinite(x)) return x;
  const t = x * (digits === 1 ? 4 : 8);
  if (Number.isInteger(t) && t % 2 !== 0 && Math.abs(t) < 2 ** 50) {
    const scale = digits === 1 ? 10 : 100;
    let k = Math.floor(x * scale);
    if (k % 2 !== 0) k += 1;
    return k / scale;
  }
  return Number(x.toFixed(digits));
}

// A str from code points, as UTF-8; a lone surrogate as its three bytes, which Python's unpickler takes
// (it reads with "surrogatepass").
function unicode(pickle, points) {
  let n = 0;
  for (const c of points) n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  pickle.u32(BINUNICODE, n);
  pickle.room(n);
  const buf = pickle.buf;
  let at = pickle.len;
  for (const c of points) {
    if (c < 0x80) {
      buf[at++] = c;
    } else if (c < 0x800) {
      buf[at++] = 0xc0 | (c >> 6);
      buf[at++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      buf[at++] = 0xe0 | (c >> 12);
      buf[at++] = 0x80 | ((c >> 6) & 0x3f);
      buf[at++] = 0x80 | (c & 0x3f);
    } else {
      buf[at++] = 0xf0 | (c >> 18);
      buf[at++] = 0x80 | ((c >> 12) & 0x3f);
      buf[at++] = 0x80 | ((c >> 6) & 0x3f);
      buf[at++] = 0x80 | (c & 0x3f);
    }
  }
  pickle.len = at;
}

// Float64 numbers in `bytes` (a copy when they do not start on an 8-byte boundary).
function floats(bytes) {
  if (bytes.byteOffset % 8) bytes = bytes.slice();
  return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length >> 3);
}

// The character ids of a string: a tuple's own, a byte each (decoding 1), or big-endian pairs, a last odd
// byte left out (decoding 2).
function characters(item, decoding) {
  if (Array.isArray(item)) return item;
  if (decoding === 1) return item;
  if (decoding !== 2) throw new Stop("bytes where Python decodes the character ids");
  const out = new Array(item.length >> 1);
  for (let k = 0; k < out.length; k++) out[k] = (item[2 * k] << 8) | item[2 * k + 1];
  return out;
}

// What pickle.dumps(list of lists, 4) wrote for the strings' elements: lists, ints, floats, bools, bytes
// (a copy, as a Uint8Array) and tuples of ints; a Stop for anything else.
function elements(data) {
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const stack = [], marks = [], memo = [];
  let pos = 0;
  const take = (n) => {
    if (pos + n > data.length) throw new Stop("a pickle cut short");
    const at = pos;
    pos += n;
    return at;
  };
  const pop = () => {
    const start = marks.pop();
    if (start === undefined) throw new Stop("a pickle without its mark");
    return stack.splice(start);
  };
  for (;;) {
    const op = data[take(1)];
    switch (op) {
      case PROTO: take(1); break;
      case FRAME: take(8); break;
      case EMPTY_LIST: stack.push([]); break;
      case MARK: marks.push(stack.length); break;
      case APPENDS: { const items = pop(); const list = stack.at(-1); for (const x of items) list.push(x); break; }
      case APPEND: { const item = stack.pop(); stack.at(-1).push(item); break; }
      case MEMOIZE: memo.push(stack.at(-1)); break;
      case BINGET: stack.push(memo[data[take(1)]]); break;
      case LONG_BINGET: stack.push(memo[view.getUint32(take(4), true)]); break;
      case BININT1: stack.push(data[take(1)]); break;
      case BININT2: stack.push(view.getUint16(take(2), true)); break;
      case BININT: stack.push(view.getInt32(take(4), true)); break;
      case LONG1: {
        const n = data[take(1)];
        const at = take(n);
        let value = 0n;
        for (let k = n - 1; k >= 0; k--) value = (value << 8n) | BigInt(data[at + k]);
        if (n && data[at + n - 1] & 0x80) value -= 1n << BigInt(8 * n);
        stack.push(Number(value)); // as Python turns an int into a float: the nearest, half to even
        break;
      }
      case BINFLOAT: stack.push(view.getFloat64(take(8), false)); break;
      case NEWTRUE: stack.push(1); break;
      case NEWFALSE: stack.push(0); break;
      case SHORT_BINBYTES: { const n = data[take(1)]; const at = take(n); stack.push(data.slice(at, at + n)); break; }
      case BINBYTES: { const n = view.getUint32(take(4), true); const at = take(n); stack.push(data.slice(at, at + n)); break; }
      case EMPTY_TUPLE: stack.push([]); break;
      case TUPLE1: stack.push([stack.pop()]); break;
      case 0x86: { const b = stack.pop(); stack.push([stack.pop(), b]); break; }
      case 0x87: { const c = stack.pop(), b = stack.pop(); stack.push([stack.pop(), b, c]); break; }
      case TUPLE: stack.push(pop()); break;
      case STOP: {
        const value = stack.pop();
        if (!Array.isArray(value)) throw new Stop("a pickle that is not a list");
        return value;
      }
      default: throw new Stop(`a pickle opcode ${op} the elements do not have`);
    }
  }
}
