import * as domain from '@papertrade/domain';
import { z } from 'zod';

/**
 * Exports that are another export under a second name (`CancelLimitAnswer = OpenLimitAnswer`,
 * `LeaderboardMeAnswer = LeaderboardEntry`): a schema gets one component name, the first one.
 */
const ALIASES = new Set(['CancelLimitAnswer', 'LeaderboardMeAnswer']);

/** Kinds of zod schema that become named components; bare strings and numbers stay inline. */
const NAMED_KINDS = new Set(['object', 'union', 'enum', 'array', 'record']);

/**
 * Query strings and path parameters stay inline: OpenAPI lists them as parameters one by one,
 * which @fastify/swagger reads out of the schema itself, not out of a reference.
 */
const INLINE = /(Query|Params)$/;

/** The component names given, by schema: what the document and its test read. */
const named = new Map<z.ZodType, string>();

/**
 * Names every zod schema the domain package exports (objects, unions, enums, arrays) after its
 * export: `User`, `Asset`, `Transaction`, `LimitPosition`, `Contest`, ... /openapi.json then
 * carries them as components and every route that answers one refers to it, so a generated client
 * has a `User` type and the document cannot say anything the zod contract does not (docs/api.md,
 * The OpenAPI document). The names go into zod's global registry, which is where
 * fastify-type-provider-zod looks for them; idempotent, as every app of a test run calls it.
 */
export function nameDomainSchemas(): ReadonlyMap<z.ZodType, string> {
  if (named.size > 0) return named;
  for (const [name, value] of Object.entries(domain)) {
    if (
      !(value instanceof z.ZodType) ||
      !/^[A-Z]/.test(name) ||
      ALIASES.has(name) ||
      INLINE.test(name)
    )
      continue;
    if (!NAMED_KINDS.has(value.def.type)) continue;
    if (named.has(value)) continue;
    const meta = z.globalRegistry.get(value);
    if (meta?.id !== undefined) continue;
    z.globalRegistry.add(value, { ...meta, id: name });
    named.set(value, name);
  }
  return named;
}
