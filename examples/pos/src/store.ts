// In-memory state: the codes and tokens issued to Stream, and the orders Stream sent. A real POS
// keeps these in its database; the rules are the same.
import { randomBytes } from 'node:crypto';

export interface IssuedToken {
  readonly merchantId: string;
  readonly expiresAt: number;
}

export interface PosOrder {
  readonly providerId: string;
  readonly streamOrderId: string;
  readonly locationId: string;
  status: 'open' | 'canceled';
}

export class Store {
  readonly codes = new Map<string, { merchantId: string; expiresAt: number }>();
  readonly accessTokens = new Map<string, IssuedToken>();
  readonly refreshTokens = new Map<string, { merchantId: string; expiresAt: number }>();
  /** Orders by their idempotency_key, so a retried order.created gets the order already made. */
  readonly ordersByKey = new Map<string, PosOrder>();
  readonly ordersById = new Map<string, PosOrder>();
  readonly connectedLocations = new Set<string>();
  private sequence = 1000;

  secret(prefix: string): string {
    return `${prefix}_${randomBytes(18).toString('hex')}`;
  }

  nextOrderId(): string {
    this.sequence += 1;
    return `pos-ord-${this.sequence}`;
  }
}
