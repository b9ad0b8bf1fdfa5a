import { GenEnvError } from '../../interfaces/errors.ts';

/** A parsed `openai:` policy spec: one or more base URLs (load-balanced) and the model name. */
export interface OpenAIPolicySpec {
  baseUrls: string[];
  model: string;
}

const USAGE =
  'expected openai:<base URL>[,<base URL>...]#<model>, e.g. openai:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-7B-Instruct';

/**
 * Parses `openai:<base URL>[,<base URL>...]#<model>`. Base URLs must be http(s) URLs; a trailing slash is
 * dropped. The model is everything after the first `#` (model names may contain `/` and `:`).
 * Throws GenEnvError('usage') with one line on a bad spec.
 */
export function parseOpenAIPolicySpec(spec: string): OpenAIPolicySpec {
  if (!spec.startsWith('openai:')) throw new GenEnvError('usage', `bad policy spec "${spec}": ${USAGE}`);
  const body = spec.slice('openai:'.length);
  const hash = body.indexOf('#');
  if (hash < 0) throw new GenEnvError('usage', `bad policy spec "${spec}": missing #<model>; ${USAGE}`);
  const model = body.slice(hash + 1).trim();
  if (model.length === 0) throw new GenEnvError('usage', `bad policy spec "${spec}": empty model name; ${USAGE}`);
  const parts = body
    .slice(0, hash)
    .split(',')
    .map((part) => part.trim());
  if (parts.length === 0 || parts.some((part) => part.length === 0)) {
    throw new GenEnvError('usage', `bad policy spec "${spec}": empty base URL; ${USAGE}`);
  }
  const baseUrls = parts.map((part) => {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new GenEnvError('usage', `bad policy spec "${spec}": "${part}" is not a URL; ${USAGE}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new GenEnvError('usage', `bad policy spec "${spec}": "${part}" must start with http:// or https://`);
    }
    return part.replace(/\/+$/, '');
  });
  if (new Set(baseUrls).size !== baseUrls.length)
    throw new GenEnvError('usage', `bad policy spec "${spec}": a base URL is repeated`);
  return { baseUrls, model };
}
