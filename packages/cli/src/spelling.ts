// Names a contract says are spelled as a standard spells them: IANA time zones and slugs. A
// value in the right JSON type but another spelling (`PST`, `Acme Couriers`) breaks no schema.

/** IANA zones that name no place: the coordinated and universal times and the fixed Etc offsets. */
export const PLACELESS_ZONE = /^(Etc\/.+|UTC|UCT|GMT|GMT[+-]?0|Greenwich|Universal|Zulu)$/;

/**
 * Why a name is not an IANA time zone spelled as the database spells it; undefined when it is. The
 * runtime's time zone data resolves aliases such as PST that the database does not have, and any
 * case, so a name must resolve to itself, or be an Area/Location link to another name.
 */
export function zoneIssue(name: string): string | undefined {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return 'no time zone has this name';
  }
  if (resolved === name) return undefined;
  if (resolved.toLowerCase() === name.toLowerCase()) return `the time zone database spells it ${resolved}`;
  if (!name.includes('/')) return `an abbreviation or alias, not a name of the time zone database: send the Area/Location name, such as ${resolved}`;
  return undefined;
}

/** A slug: lower-case letters and digits in words joined by single hyphens, as a partner slug is. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a name most likely meant, for a message: `Acme Couriers` is `acme-couriers`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
