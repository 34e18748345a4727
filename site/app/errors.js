// The title of each kind of error, shown above its message: it names the kind without repeating the
// sentence under it, which is Python's (what is wrong and what to do) or the page's own.
// The package's kinds and their titles are in py/pagefurniture/errors.py, which build.py writes into
// error-titles.js; the kinds below are the page's alone, each a failure before Python is asked.

import { BUG_KIND, TITLES as PACKAGE_TITLES } from "./error-titles.js";

export const PAGE_TITLES = Object.freeze({
  "no-file": "Nothing to read",
  unreadable: "Cannot open the file",
  boot: "The tool could not start",
});

export const TITLES = Object.freeze({ ...PACKAGE_TITLES, ...PAGE_TITLES });
export { BUG_KIND };
