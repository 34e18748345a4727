// What crosses between the kernel and Python: the pickles the kernel writes, which Python's C unpickler
// reads with no Python object made per token (read/kernel.py unpickle, which loads no global: the kernel
// never writes one), the one pickle it reads (a page's strings, as read/glyphs.py _Deferred._hand_over
// writes them), Python's bytes read in place, and the reason the kernel stops short, which Python gets as
// the answer instead (a str) and then reads with its own code.

// Pickle opcodes (protocol 4).
export const MARK = 0x28, STOP = 0x2e, BININT = 0x4a, BININT1 = 0x4b, BININT2 = 0x4d, LONG1 = 0x8a, LONG4 = 0x8b,
  BINFLOAT = 0x47, SHORT_BINBYTES = 0x43, BINBYTES = 0x42, SHORT_BINUNICODE = 0x8c, BINUNICODE = 0x58,
  NEWTRUE = 0x88, NEWFALSE = 0x89, EMPTY_LIST = 0x5d, APPENDS = 0x65, EMPTY_DICT = 0x7d, SETITEMS = 0x75,
  EMPTY_TUPLE = 0x29, TUPLE = 0x74, BINPERSID = 0x51, PROTO = 0x80, NONE = 0x4e;
export const TUPLE1 = 0x85, TUPLES = [EMPTY_TUPLE, TUPLE1, 0x86, 0x87];
const FRAME = 0x95, MEMOIZE = 0x94, BINGET = 0x68, LONG_BINGET = 0x6a, APPEND = 0x61;

export class Stop extends Error {} // a reason to stop short, as stopped() answers it

// `use(bytes)` on data, a Uint8Array, or Python's bytes read in place (through the buffer protocol, released
// after: Python's memory may move once Python runs again).
export function inPlace(data, use) {
  if (data instanceof Uint8Array) return use(data);
  const buffer = data.getBuffer("u8");
  try {
    return use(buffer.data);
  } finally {
    buffer.release();
  }
}

// What read() answers, or the reason it stopped short (the message of a Stop).
export function stopped(read) {
  try {
    return read();
  } catch (error) {
    if (error instanceof Stop) return error.message;
    throw error;
  }
}

// Float64 numbers in `bytes` (a copy when they do not start on an 8-byte boundary).
export function floats(bytes) {
  if (bytes.byteOffset % 8) bytes = bytes.slice();
  return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length >> 3);
}

// A growing byte buffer, in which the kernel writes its pickles.
// Python side: read/kernel.py unpickle
export class Bytes {
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

// A str from code points, as UTF-8; a lone surrogate as its three bytes, which Python's unpickler takes
// (it reads with "surrogatepass").
export function unicode(pickle, points) {
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

// What pickle.dumps(list of lists, 4) wrote for the strings' elements: lists, ints, floats, bools, bytes
// (a copy, as a Uint8Array) and tuples of ints; a Stop for anything else.
// Python side: read/glyphs.py _Deferred._hand_over
export function elements(data) {
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
