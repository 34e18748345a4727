// app/error-titles.js, which build.py writes from py/pagefurniture/errors.py.
export const BUG_KIND: string;
export const TITLES: Readonly<Record<string, string>>;
