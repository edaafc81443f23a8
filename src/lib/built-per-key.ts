/**
 * Builds a value once per key and keeps it (a zod schema per shop origin or per list of countries): zod 4 compiles an
 * object schema on its first parse, so a schema built on every request paid its construction and compilation each
 * time (docs/performance.md, checkout second pass). Keys come from settings or the request's origin; past `max`
 * distinct keys the kept values are dropped and built again, so odd keys cannot grow it without bound.
 */
export function builtPerKey<T>(build: (key: string) => T, max = 16): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= max) kept.clear();
      value = build(key);
      kept.set(key, value);
    }
    return value;
  };
}
