// The glyphs of a page placed, and its lines made, in JavaScript for the worker's Python.
//
// read/glyphs.py's _Deferred hands over, for each string a page shows, what _Glyphs.setup works out once
// per string and the string's elements, as numbers (its FIELDS give the order): here each glyph is placed
// as _Glyphs.render_string places it and the page's glyphs are grouped into lines as read/lines.py
// build_lines groups them, with the same floating-point operations in the same order, so that every line
// comes out the same, to the bit. Where JavaScript's rules differ from Python's, python.mjs has Python's.
// Where they could not hold (a value that is not finite, or one so big that a product could overflow) the
// answer is a reason, and Python places the page itself.
//
// The elements come as one pickle, a list of each string's list of numbers (moving the pen) and bytes (its
// character ids, one a byte or two a pair as the record's decoding says) or tuples of character ids
// (decoded by Python). A font is a number; the text (code points) and width of each of its character ids
// are asked for (run() answers the pairs it lacks) and defined once.

import { BININT, Bytes, MARK, Stop, TUPLE, elements, floats, inPlace, stopped, unicode } from "./pickle.mjs";
import { mostOf, product, pyMax, pyMin, pyRound, splitJoin, tally } from "./python.mjs";

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
    this.mirrored = new Map(config.mirrored);
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
  // Python twin: read/glyphs.py _Glyphs.restore
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
  // Python side: read/glyphs.py _Deferred._hand_over
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
  // Python side: read/glyphs.py _Deferred._characters
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

  // Python twin: read/glyphs.py _Glyphs.render_string
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
      const di = (ints & bit.d) !== 0, fsi = (ints & bit.fontsize) !== 0;
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
          const adv = product(glyph.width, glyph.int, fontsize, fsi) * scaling; // width * fontsize * scaling
          if ((count & 255) === 0 && count >= max) {
            this.count = count;
            return count;
          }
          if (visible && glyph.text.length) {
            const ox = product(x, xi, a, ai) + product(y, yi, c, ci) + ee + crise;
            const oy = product(x, xi, b, bi) + product(y, yi, d, di) + f + drise;
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
  // Python twin: read/lines.py build_lines
  lines(left, top) {
    const out = [];
    this.bySeq = null; // gathered when first asked (Python twin: read/lines.py _Drawn)
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

  // Python twin: read/lines.py _split_run
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

  // Python twin: read/lines.py _strands
  strands(run) {
    const back = this.config.strand_back, least = this.config.strand_glyphs, overlap = this.config.strand_overlap;
    const strings = [];
    for (const item of run.slice().sort(bySeq)) {
      const last = strings.length ? strings.at(-1).at(-1) : undefined;
      if (last !== undefined && item.along >= last.along - pyMax(last.size, 1.0) * back) strings.at(-1).push(item);
      else strings.push([item]);
    }
    if (strings.length === 1) return [strings[0]]; // one string, as drawn (see the twin)
    const spans = strings.map((s) => {
      let lo = s[0].along, hi = s[0].along + s[0].adv;
      for (const g of s) {
        if (g.along < lo) lo = g.along;
        if (g.along + g.adv > hi) hi = g.along + g.adv;
      }
      return [lo, hi];
    });
    const group = strings.map((_, k) => k);
    const long = strings.map((s, k) => (s.length >= least ? [k] : [])); // by group: its long strings
    const find = (k) => {
      while (group[k] !== k) k = group[k];
      return k;
    };
    const apart = (a, b) => {
      const over = pyMin(spans[a][1], spans[b][1]) - pyMax(spans[a][0], spans[b][0]);
      const shorter = pyMin(spans[a][1] - spans[a][0], spans[b][1] - spans[b][0]);
      return over > overlap * shorter;
    };
    for (let a = 0; a < strings.length; a++) {
      for (let b = a + 1; b < strings.length; b++) {
        const ra = find(a), rb = find(b);
        if (ra !== rb && !long[ra].some((i) => long[rb].some((j) => apart(i, j)))) {
          group[rb] = ra;
          for (const k of long[rb]) long[ra].push(k);
        }
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

  // Python twin: read/lines.py _cut
  cut(run, angle, left, top, out) {
    const gap = this.config.line_split_gap, drawnApart = this.config.drawn_apart_gap;
    let segment = [];
    let end = 0;
    for (const item of run) {
      const along = item.along, adv = item.adv;
      if (segment.length) {
        const apart = along - end;
        if (apart > drawnApart && (apart > gap || item.seq !== segment.at(-1).seq + 1)) {
          // not drawn one after the other: in the smaller type of the two, and split at the narrower gap
          // where the glyphs drawn between them stand elsewhere
          const before = segment.at(-1);
          const notNext = item.seq !== before.seq + 1;
          let size = item.size;
          if (notNext && before.size < size) size = before.size;
          const unit = size < 1.0 ? 1.0 : size;
          if (apart > gap * unit || (notNext && apart > drawnApart * unit &&
                                     !this.along(before.seq, item.seq, angle, end, along))) {
            this.makeLine(segment, angle, left, top, out);
            segment = [item];
            end = along + adv;
            continue;
          }
        }
        if (along + adv > end) end = along + adv;
      } else {
        end = along + adv;
      }
      segment.push(item);
    }
    if (segment.length) this.makeLine(segment, angle, left, top, out);
  }

  // Python twin: read/lines.py _Drawn.along
  along(a, b, angle, start, stop) {
    if (this.bySeq === null) {
      this.bySeq = new Map();
      for (const [ang, items] of this.buckets) for (const g of items) this.bySeq.set(g.seq, [ang, g.along + g.adv / 2]);
    }
    const high = Math.max(a, b);
    for (let seq = Math.min(a, b) + 1; seq < high; seq++) {
      const found = this.bySeq.get(seq);
      if (found !== undefined && (found[0] !== angle || !(start <= found[1] && found[1] <= stop))) return false;
    }
    return true;
  }

  // Python twin: read/lines.py _make_line, _most_common_size
  makeLine(segment, angle, left, top, out) {
    const wordGap = this.config.word_gap, space = this.space;
    const parts = [];
    const sizes = [], fonts = [], arts = []; // [key, count], in the order first met
    let big = 0, end = 0, far = 0;
    let lastGlyph = segment[0];
    let first = lastGlyph.seq;
    let blank = true;
    let previous = first;
    segment.forEach((item, k) => {
      const { along, seq, size, adv } = item;
      const glyph = item.glyph;
      const isSpace = glyph.space;
      if (k) {
        if (seq < first) first = seq;
        if (isSpace) {
          if (along < end) { // drawn at another time than the glyphs beside it, over the one before: no space
            const next = k + 1 < segment.length ? segment[k + 1].seq : Infinity;
            if (!(previous < seq && seq < next)) return;
          }
        } else if (along - end > wordGap * size && !blank) parts.push(32);
        if (along + adv > far) {
          far = along + adv;
          lastGlyph = item;
        }
      } else {
        far = along + adv;
      }
      for (const c of glyph.text) parts.push(c);
      blank = isSpace;
      end = along + adv;
      previous = seq;
      if (!isSpace) {
        tally(sizes, size, 1);
        tally(fonts, item.name, 1);
        if (size > big) big = size;
        if (item.art) tally(arts, item.art, 1);
      }
    });
    let text = splitJoin(parts, space);
    if (!text.length) return;
    const lowest = this.config.right_to_left[0][0]; // below it, no character is of those scripts
    if (text.some((c) => c >= lowest) && this.drawnRightToLeft(segment)) text = this.wordsOrder(text);
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

  // read/lines.py _right_to_left, of a code point.
  rightToLeft(c) {
    const ranges = this.config.right_to_left;
    return c >= ranges[0][0] && ranges.some(([low, high]) => low <= c && c <= high);
  }

  // read/lines.py _drawn_right_to_left.
  drawnRightToLeft(segment) {
    let back = 0, ahead = 0, before = null;
    for (const item of segment) {
      const text = item.glyph.text;
      if (text.length && this.rightToLeft(text[0])) {
        if (before !== null) {
          if (item.seq < before) back++;
          else ahead++;
        }
        before = item.seq;
      }
    }
    return back > ahead;
  }

  // read/lines.py _words_order, on code points.
  wordsOrder(text) {
    const strong = text.map((c) => this.rightToLeft(c) ? "R" : LETTER_OR_FIGURE.test(String.fromCodePoint(c)) ? "L" : "");
    let after = "";
    for (let k = text.length - 1; k >= 0; k--) {
      if (strong[k]) after = strong[k];
      else if (after === "L") strong[k] = "l";
    }
    let before = "";
    const runs = [];
    text.forEach((c, k) => {
      const direction = strong[k];
      const ltr = direction === "L" || (direction === "l" && before === "L");
      if (direction === "L" || direction === "R") before = direction;
      const kind = ltr ? "L" : "R";
      if (!runs.length || runs[runs.length - 1].kind !== kind) runs.push({ kind, chars: [] });
      runs[runs.length - 1].chars.push(c);
    });
    const out = [];
    for (const run of runs.reverse()) {
      if (run.kind === "L") for (const c of run.chars) out.push(c);
      else for (const c of run.chars.reverse()) out.push(this.mirrored.get(c) ?? c);
    }
    return out;
  }
}

// Python's str.isalpha() or str.isdecimal() of one character: a letter or a decimal figure.
const LETTER_OR_FIGURE = /^[\p{L}\p{Nd}]$/u;

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
