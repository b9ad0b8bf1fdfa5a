/**
 * How the layers of a run config (preset ← config file ← flags) combine. Top-level fields: the later layer wins. The
 * parts `domain`, `agent`, `simulator` and `offline`: field by field, and their `options` key by key, so that a config
 * file that changes one option of the preset's agent keeps the other options. A layer that names another backend
 * (`policy`, the domain's `name`, the offline `source`) starts that part's options afresh from its own: the options
 * of one backend mean nothing to another, and every backend rejects options it does not know. A layer whose part sets
 * `options` to null starts from the backend's own defaults while keeping the backend.
 */

/** Each part of a run config and the field that names its backend. */
const PARTS: Readonly<Record<string, string>> = {
  domain: 'name',
  agent: 'policy',
  simulator: 'policy',
  offline: 'source',
};

type Layer = Record<string, unknown>;

const isObject = (value: unknown): value is Layer =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * One part (`{policy, options}`, `{name, options}`, `{source, options}`) of a later layer over the same part of the
 * earlier ones. An option's value is replaced whole, even when it is an object itself (e.g. `trainer`).
 */
function mergePart(previous: Layer, next: Layer, identity: string): Layer {
  const renamed = next[identity] !== undefined && next[identity] !== previous[identity];
  const merged: Layer = { ...previous };
  for (const [key, value] of Object.entries(next)) if (value !== undefined) merged[key] = value;
  if (next.options === null || (renamed && next.options === undefined)) {
    delete merged.options;
    return merged;
  }
  if (renamed) return merged;
  if (isObject(previous.options) && isObject(next.options)) merged.options = { ...previous.options, ...next.options };
  return merged;
}

/** The layers of a run config merged, later over earlier (see the module comment); undefined values are skipped. */
export function mergeConfigLayers(...layers: readonly Layer[]): Layer {
  const result: Layer = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const previous = result[key];
      const identity = PARTS[key];
      result[key] =
        identity && isObject(value) ? mergePart(isObject(previous) ? previous : {}, value, identity) : value;
    }
  }
  return result;
}
