// The tokens of page content streams, read in JavaScript for the worker's Python.
//
// read/tokens.py reads content streams with one regular expression and one loop; in Pyodide that loop runs
// at half the speed it has in CPython, and it was a third of all the time a page took. This module reads
// the same tokens the same way (every rule below is one of read/tokens.py's, which says why pdfminer reads
// them so), keeps the operand stack and the open arrays and dictionaries itself, drops the operators the
// text path never sees, and hands Python only the operators it must call, with their operands, as
// pickles: Python's C unpickler builds the objects, and the loop in read/kernel.py only calls. objects.mjs
// reads the file's objects, which are made of the same tokens, with this reader.
//
// A pickle holds [index, (operands...), index, (operands...), ...], at most CHUNK operators. A name is a
// str (a 1-tuple of its bytes when they are not UTF-8) and a keyword inside an array a bytes, each as a
// persistent id (BINPERSID) that read/kernel.py turns into pdfminer's interned PSLiteral / PSKeyword; an
// inline image is its dictionary, as a persistent id too. No pickle global is ever written, and
// read/kernel.py's unpickler refuses any.
//
// feed() answers undefined (None in Python) when the stream was read, or a reason: "unsupported: ..."
// where read/tokens.py would raise Unsupported too (pdfminer's parser must read the page), "python: ..."
// where only this reader stops (read/tokens.py's own loop must read the streams). Nothing is handed over
// before every stream of the page was fed, so either answer comes before any operator ran.

import {
  APPENDS, BINBYTES, BININT, BININT1, BININT2, BINPERSID, BINUNICODE, Bytes, EMPTY_DICT, EMPTY_LIST, LONG1, LONG4,
  MARK, NEWFALSE, NEWTRUE, SETITEMS, SHORT_BINBYTES, SHORT_BINUNICODE, Stop, TUPLE, TUPLE1, TUPLES, inPlace, stopped,
} from "./pickle.mjs";

const CHUNK = 1024;

// Operator kinds, as read/tokens.py's _kind gives them: dropped with their operands, called with their
// operands, or called with the whole stack, which the operator takes itself (scn and its kin).
const DROP = 0, CALL = 1, STACK = 2;

const WHITE = new Uint8Array(256); // \s of Python's re for bytes: \t \n \v \f \r and space
for (const c of [9, 10, 11, 12, 13, 32]) WHITE[c] = 1;
const NAME_END = WHITE.slice(); // what ends a name: whitespace and the delimiters / % [ ] ( ) < > { }
for (const c of "/%[]()<>{}") NAME_END[c.charCodeAt(0)] = 1;
export const KEYWORD_END = NAME_END.slice(); // a '#' ends a keyword, not a name
KEYWORD_END[0x23] = 1;
const HEX = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) HEX["0123456789abcdef".charCodeAt(i)] = HEX["0123456789ABCDEF".charCodeAt(i)] = i;
const ESCAPES = new Int16Array(256).fill(-1); // \b \t \n \f \r \( \) \\; any other escaped byte is dropped
for (const [c, v] of [["b", 8], ["t", 9], ["n", 10], ["f", 12], ["r", 13], ["(", 40], [")", 41], ["\\", 92]]) {
  ESCAPES[c.charCodeAt(0)] = v;
}
export const OTHER = Object.freeze({}); // an operand that is no name, array or string, for an inline image's /F
export const INTEGER = Object.freeze({}); // an integer: OTHER for an inline image, the operand of R in an object
const A85 = new Set(["ASCII85Decode", "A85"]); // an inline image's first filter that ends it with ~>
const strict = new TextDecoder("utf-8", { fatal: true });
const loose = new TextDecoder("utf-8");

// The operator table read/kernel.py sends: {"names": [[method name, operand count, kind], ...], "digits": N,
// "ahead": B}; the index in that list is what the pickles carry, N the most digits Python turns into an int
// (0: any), B the most bytes of streams read ahead of Python.
// Python side: read/kernel.py operator_table
export function table(json) {
  const { names: list, digits, ahead } = JSON.parse(json);
  const names = new Map();
  list.forEach(([name, nargs, kind], index) => names.set(name, { index, nargs, kind }));
  return { names, digits, ahead, keywords: new Map() };
}

// What a keyword calls: pdfminer's name rule ("do_" + the keyword, T* -> do_T_a, ' -> do__q, " -> do__w,
// its bytes read as UTF-8 with what is not UTF-8 left out); null for an operator the interpreter lacks.
// Python twin: read/tokens.py method_name, Operators.__missing__
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

// The reader of one page's (or form's) content streams.
// Python twin: read/tokens.py _run_python
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
  // Python side: read/kernel.py _run_native
  feed(data, last) {
    return inPlace(data, (bytes) => stopped(() => {
      this.fed += bytes.length;
      // Every stream of a page is read before Python calls anything; a page of more than that is left
      // to read/tokens.py's loop, which reads as it calls, in step with the clock.
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

  // Python twin: read/tokens.py _name
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

  // Python twin: read/tokens.py _unescape
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

  // Python twin: read/tokens.py _hex
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

  // Where an inline image's data ends: past the target and one whitespace byte.
  // Python twin: read/tokens.py _inline_end
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
  // Python twin: read/tokens.py _inline_image
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

  // One stream's tokens, from `from`; `last`: the page's last stream, whose last token may end open.
  // Python twin: read/tokens.py _run_python, _nested_string, _open_at_end
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

// The keyword data[start..end) when it is one the parser acts on itself: true, false, BI or ID (read/tokens.py
// matches these only when no keyword character follows, so only as a whole keyword); else undefined.
const SPECIAL_WORDS = new Set(["true", "false", "BI", "ID"]);
export function specialWord(data, start, end) {
  if (end - start !== 2 && end - start !== 4 && end - start !== 5) return undefined;
  const word = String.fromCharCode(...data.subarray(start, end));
  return SPECIAL_WORDS.has(word) ? word : undefined;
}

// Past whitespace, NULs and comments.
// Python twin: read/tokens.py _gap_end
export function gap(data, pos) {
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
