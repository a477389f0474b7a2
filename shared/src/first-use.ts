/**
 * A value made the first time it is read, then kept. For Intl formatters above all: building one loads its
 * locale's data, which at a module's top level happens while the module is imported, in every bundle that
 * imports the module, whether or not that code ever formats (14 ms of each Lambda's cold start, measured, for
 * the two session formatters alone). Made on first use, only the code that formats pays, once.
 *
 * At a module's top level, mark the call with a `@__PURE__` comment: a bundle that never reads the value then
 * leaves the line out too.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
