// POS-LOC-07, read from MenuSchedule's meaning: "a day that is omitted or has an empty list is
// closed". A menu whose schedule gives no range on any day is never open, so nothing only it offers is
// on sale. An export that writes an all-day menu as `schedule: {}` (taking no hours for "always open")
// serves such a menu while the till sells its items: certify orders one and reads a 201 as the contradiction.
import type { HttpExchange } from '../http.js';
import { isObject } from '../openapi.js';
import type { OrderLine } from './pos-catalog-lines.js';

/** A rule of certify's on POS-LOC-07 (catalogue 1.14.0): an item only never-open menus offer takes no order. */
export const CLOSED_MENU_TAKES_NO_ORDER = 'closed-menu-takes-no-order';

type Json = Record<string, unknown>;

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The most such items certify orders: one shows the fault, two cover a catalog whose first is refused for another reason. */
const ORDERS = 2;

/** Whether a menu's schedule gives no opening range on any weekday (every day omitted or an empty list). */
export function neverOpen(menu: Json): boolean {
  const schedule = menu.schedule;
  if (!isObject(schedule)) return false;
  return DAYS.every((day) => !Array.isArray(schedule[day]) || schedule[day].length === 0);
}

/** Active items every menu offering which (one at least) is active and never open, with those menus' ids. */
export function itemsOfClosedMenus(catalog: Json, offering: (itemId: string) => Json[]): { line: OrderLine; menus: string[] }[] {
  const items = Array.isArray(catalog.item) ? catalog.item.filter(isObject) : [];
  return items.flatMap((item) => {
    if (item.is_active === false || item.stock_count === 0 || typeof item.provider_id !== 'string') return [];
    // Inactive menus are inactive-menu-takes-no-order's: only menus served as active are read here.
    const menus = offering(item.provider_id);
    if (menus.length === 0 || menus.some((menu) => menu.is_active === false || !neverOpen(menu))) return [];
    return [{ line: { provider_id: item.provider_id, name: typeof item.name === 'string' ? item.name : item.provider_id }, menus: menus.map((menu) => String(menu.provider_id)) }];
  });
}

/** Orders items only never-open menus offer (`offering` gives the menus offering an item, `send` sends Stream's order.created for a line); a finding when the POS makes one (201). */
export async function closedMenuFinding(options: { catalog: Json; offering: (itemId: string) => Json[]; send: (line: OrderLine) => Promise<HttpExchange> }): Promise<string | undefined> {
  for (const { line, menus } of itemsOfClosedMenus(options.catalog, options.offering).slice(0, ORDERS)) {
    const exchange = await options.send(line);
    if (exchange.status !== 201) continue;
    return `[${CLOSED_MENU_TAKES_NO_ORDER}] the POS made Stream's order for ${String(line.provider_id)} (201), yet the catalog offers it only on menu(s) ${menus.join(', ')} whose schedule gives no opening range on any day, and a day omitted or with an empty list is closed: serve the hours the menu is open (an all-day menu lists 00:00-24:00 each day it opens), or refuse orders for it`;
  }
  return undefined;
}
