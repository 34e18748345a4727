// Python's rules where JavaScript's differ, for the kernel's glyphs and lines (glyphs.mjs), which must come
// out the same as Python's to the bit: round() (half to even, on the exact value), min() and max() (the
// first of equals: min(0.0, -0.0) is 0.0), a dict's keys (0.0 and -0.0 are one key, the first met kept),
// str.split() (Python's white space, which glyphs.mjs is sent by read/glyphs.py _spaces) and an int's
// arithmetic, which has no -0.0.

// x * y as Python computes it when `xInt` and `yInt` say which of the two are ints: an int times an int
// is an int, and an int's zero has no sign (in a double, 0 * -1 is -0.0).
export function product(x, xInt, y, yInt) {
  const p = x * y;
  return xInt && yInt && p === 0 ? 0 : p;
}

// A dict's count of `key` (numbers: 0.0 and -0.0 are one key, and the first met stays), as an array.
export function tally(counts, key, n) {
  for (const entry of counts) {
    if (entry[0] === key) {
      entry[1] += n;
      return;
    }
  }
  counts.push([key, n]);
}

// max(counts, key=counts.get): the first key with the highest count.
export function mostOf(counts) {
  let best = counts[0];
  for (const entry of counts) if (entry[1] > best[1]) best = entry;
  return best[0];
}

export function pyMin(...values) { // Python's min(): the first of equal values
  let best = values[0];
  for (const v of values) if (v < best) best = v;
  return best;
}

export function pyMax(...values) {
  let best = values[0];
  for (const v of values) if (v > best) best = v;
  return best;
}

// Python's round(x, digits) for digits 1 and 2: the decimal nearest the exact value, half to even, read
// back as the nearest double. toFixed() finds that decimal too, except that it takes a half up; x is
// exactly half-way at that many digits when x * 2**(digits + 1) is an odd integer.
export function pyRound(x, digits) {
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

// " ".join("".join(points).split()) on code points, `space` the set of those Python takes for white space.
export function splitJoin(points, space) {
  const text = [];
  let word = false;
  for (const c of points) {
    if (space.has(c)) {
      word = false;
    } else {
      if (!word && text.length) text.push(32);
      text.push(c);
      word = true;
    }
  }
  return text;
}
