// Facts about places that rules judge values by: IANA zone names, a zone's reference point and
// countries (src/zone-points.ts, generated from the time zone database), and whether a URL's host is
// one anyone on the internet can reach.
import { isIP } from 'node:net';
import { ZONE_LINKS, ZONE_ROWS } from './zone-points.js';
import { quoted } from './visible.js';

/** A URL's scheme or host, which its grammar keeps free of controls: as written, or quoted and cut when long. */
export const urlPart = (text: string): string => (text.length <= 63 ? text : quoted(text));

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

/**
 * Why a valid zone name is not the Area/Location name the database lists a place under (zone1970.tab,
 * zone.tab); undefined when it is. The database keeps old names (`US/Pacific`, `Asia/Calcutta`) only as
 * links for backward compatibility, and POSIX-style names (`EST5EDT`, `CET`) name a rule, not a place.
 */
export function zoneNameIssue(name: string): string | undefined {
  zonePoint(name);
  if (listed!.has(name)) return undefined;
  const target = linked!.get(name);
  if (target !== undefined) return `a backward-compatibility link of the time zone database, not the Area/Location name it lists the place under: send ${target}`;
  return 'not an Area/Location zone the time zone database lists a place under: send the zone of the location\'s own place, such as America/Los_Angeles';
}

export interface ZonePoint {
  readonly zone: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly countries: readonly string[];
}

let points: Map<string, ZonePoint> | undefined;
let listed: Set<string> | undefined;
let linked: Map<string, string> | undefined;
let byCountry: Map<string, ZonePoint[]> | undefined;

/** The zones a country uses (ISO 3166 alpha-2, upper case); empty for a code the database lacks. */
export function countryZones(country: string): readonly ZonePoint[] {
  if (byCountry === undefined) {
    byCountry = new Map();
    for (const row of ZONE_ROWS.split(';')) {
      const zone = zonePoint(row.slice(0, row.indexOf(' ')))!;
      for (const code of zone.countries) byCountry.set(code, [...(byCountry.get(code) ?? []), zone]);
    }
  }
  return byCountry.get(country.toUpperCase()) ?? [];
}

/** A zone's reference point and countries, a link followed to its zone; undefined for a name the database lacks. */
export function zonePoint(name: string): ZonePoint | undefined {
  if (points === undefined) {
    points = new Map();
    linked = new Map();
    for (const row of ZONE_ROWS.split(';')) {
      const [zone, latitude, longitude, countries] = row.split(' ');
      points.set(zone!, { zone: zone!, latitude: Number(latitude), longitude: Number(longitude), countries: countries!.split(',') });
    }
    listed = new Set(points.keys());
    for (const pair of ZONE_LINKS.split(';')) {
      const [link, target] = pair.split(' ');
      linked.set(link!, target!);
      const found = points.get(target!);
      if (found !== undefined) points.set(link!, found);
    }
  }
  return points.get(name);
}

/** Great-circle distance in kilometres. */
export function kilometres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far a place may lie from its zone's reference point: the widest one-zone countries reach about
 * this far (Asia/Shanghai to Kashgar, 4,100 km; America/Sao_Paulo's states), while a flipped sign or
 * swapped latitude and longitude lands thousands of kilometres further, on another continent.
 */
export const ZONE_REACH_KM = 4500;

/** Why coordinates do not lie in their zone (the likely slip named), or undefined when they plausibly do. */
export function coordinatesIssue(zone: ZonePoint, latitude: number, longitude: number): string | undefined {
  const away = kilometres(zone, { latitude, longitude });
  if (away <= ZONE_REACH_KM) return undefined;
  const near = (lat: number, lon: number) => Math.abs(lat) <= 90 && kilometres(zone, { latitude: lat, longitude: lon }) <= ZONE_REACH_KM;
  const slip = near(latitude, -longitude)
    ? `; with the longitude's sign flipped (${-longitude}) it would: longitude is negative west of Greenwich`
    : near(-latitude, longitude)
      ? `; with the latitude's sign flipped (${-latitude}) it would: latitude is negative south of the equator`
      : near(longitude, latitude)
        ? '; with latitude and longitude swapped it would'
        : '';
  return `${Math.round(away).toLocaleString('en-US')} km from ${zone.zone}'s reference point (${zone.latitude}, ${zone.longitude}), further than any place in one zone lies (${ZONE_REACH_KM.toLocaleString('en-US')} km)${slip}`;
}

/**
 * Names that resolve only on the machine or network they are used in. The documentation names
 * (`.example`) stay allowed: the contracts' own examples use them.
 */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/;

function privateIpv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number) as [number, number];
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || a >= 224;
}

function privateIpv6(address: string): boolean {
  const text = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (mapped !== undefined) return privateIpv4(mapped);
  return text === '::' || text === '::1' || /^f[cd]/.test(text) || /^fe[89ab]/.test(text) || text.startsWith('ff');
}

/** Why a URL's host is not one anyone on the internet can reach (loopback, private, link-local, a local-only name); undefined when it is. */
export function publicHostIssue(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (host === '') return 'it names no host';
  const version = isIP(host);
  if (version === 4 && privateIpv4(host)) return `its host ${urlPart(host)} is a loopback, private or link-local address no one outside your network can reach`;
  if (version === 6 && privateIpv6(host)) return `its host ${urlPart(host)} is a loopback, private or link-local address no one outside your network can reach`;
  if (version === 0 && (!host.includes('.') || LOCAL_NAME.test(host))) return `its host ${urlPart(host)} is a name only your own machine or network resolves`;
  return undefined;
}
