// The kernel: what worker.js imports and hands to Python (read/kernel.py use_native), which makes its
// readers with `table` and `Reader.new`, `Objects.new` and `Glyphs.new`. Each module's head says what it
// does and which Python it mirrors; site/README.md has the whole picture.

import { Glyphs } from "./glyphs.mjs";
import { Objects } from "./objects.mjs";
import { Reader, table } from "./tokens.mjs";

export { Glyphs, Objects, Reader, table };
