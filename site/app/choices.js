// @ts-check
// The user's choices for a file (groups and lines kept or removed against the detector), in the form
// pagefurniture.web.choose() takes them, and their keeping in this browser: in local storage, keyed by the
// file's SHA-256, so that the same file opened again, under any name, comes back with them.

import { sentence } from "./ui.js";

/** @typedef {import("../bridge.js").Pool} Pool */
/** @typedef {import("../bridge.js").WorkerError} WorkerError */
/** @typedef {import("./files.js").Entry} Entry */
/** @typedef {import("./review.js").Result} Result */
/** @typedef {import("./review.js").Choices} Choices */

const STORE = "pagefurniture.choices."; // + the file's sha256: the choices made for it, in this browser only

/** @param {Choices} choices */
export function hasChoices(choices) {
  return Object.values(choices).some((list) => list.length);
}

/**
 * @param {Entry} entry
 * @param {Choices} choices
 */
export function store(entry, choices) {
  if (!entry.hash) return;
  try {
    if (hasChoices(choices)) localStorage.setItem(STORE + entry.hash, JSON.stringify(choices));
    else localStorage.removeItem(STORE + entry.hash);
  } catch {
    // Storage is full or not allowed: the choices still hold until the page is closed.
  }
}

// The choices stored for this file (by its hash) when it was read before, applied to the new result.
/**
 * @param {Pool} pool
 * @param {Entry} entry  one just read
 */
export async function applyStored(pool, entry) {
  entry.restored = false;
  let stored = null;
  try {
    stored = entry.hash && JSON.parse(localStorage.getItem(STORE + entry.hash) ?? "null");
  } catch {
    stored = null;
  }
  if (!stored) return;
  try {
    const result = await pool.call("choose", { key: String(entry.id), ...stored });
    const read = /** @type {Result} */ (entry.result);
    entry.result = { ...result, seconds: read.seconds, readers: read.readers };
    entry.restored = true;
  } catch (error) {
    if (/** @type {WorkerError} */ (error).kind === "cancelled") throw error;
    localStorage.removeItem(STORE + entry.hash); // they no longer fit this file
    entry.restoreFailed = sentence(/** @type {WorkerError} */ (error).message);
  }
}

// The choices `now` with the changes `change` makes: it calls put(name, value) for each, which moves the
// value (a group id or a [page, index]) into the list `name` and out of the others.
/**
 * @param {Choices} now
 * @param {(put: (name: keyof Choices, value: number | [number, number]) => void) => void} change
 * @returns {Choices}
 */
export function changed(now, change) {
  /** @type {Record<string, string[]>} */
  const sets = Object.fromEntries(Object.entries(now).map(([name, list]) => [name, list.map((v) => JSON.stringify(v))]));
  /** @type {(name: keyof Choices, value: number | [number, number]) => void} */
  const put = (name, value) => {
    for (const other of Object.keys(sets)) sets[other] = sets[other].filter((v) => v !== JSON.stringify(value));
    sets[name].push(JSON.stringify(value));
  };
  change(put);
  return /** @type {Choices} */ (Object.fromEntries(Object.entries(sets).map(([name, list]) => [name, list.map((v) => JSON.parse(v))])));
}
