// Names a contract says are spelled as a standard spells them: slugs (time zone names are in
// rules-place.ts). A value in the right JSON type but another spelling (`Acme Couriers`) breaks no schema.

/** A slug: lower-case letters and digits in words joined by single hyphens, as a partner slug is. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug a name most likely meant, for a message: `Acme Couriers` is `acme-couriers`. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
