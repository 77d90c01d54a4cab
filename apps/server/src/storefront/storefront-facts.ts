import {
  BLOCKED_PORTS,
  REFUND_REQUEST_WINDOW_HOURS,
  REFUND_UNAVAILABLE_WINDOW_HOURS,
  servedProtocols,
  type StorefrontFacts,
  wholeHours,
} from '@portal/contract';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import type { Clock } from '../clock';
import type { Config } from '../config';

/**
 * How long the storefront's figures are kept before the catalogue is looked at again: the
 * figures follow the stock within this, and a landing page served meanwhile costs no query at all.
 */
export const STOREFRONT_REFRESH_MS = 60_000;

/** The rules as this process is configured: what the terms and the landing state. */
export function configuredFacts(config: Pick<Config, 'gateway'>): Pick<StorefrontFacts, 'protocols' | 'rules'> {
  return {
    protocols: servedProtocols({ tls: config.gateway.tls !== null }),
    rules: {
      maxConnections: config.gateway.rentalMaxConnections,
      maxSourceIps: config.gateway.rentalMaxSourceIps,
      sourceWindowHours: wholeHours(config.gateway.sourceWindowMs),
      blockedPorts: [...BLOCKED_PORTS].sort((a, b) => a - b),
      refundUnavailableHours: REFUND_UNAVAILABLE_WINDOW_HOURS,
      refundRequestHours: REFUND_REQUEST_WINDOW_HOURS,
    },
  };
}

/**
 * The storefront's figures, taken from the catalogue's snapshot (the list the catalogue API
 * serves, built once per catalogue version) at most once a minute: between two looks every
 * request gets the kept object, without a query, and a page rendered from it stays rendered.
 */
export class StorefrontFactsSource {
  private kept: { facts: StorefrontFacts; sumid: string; at: number } | null = null;
  private loading: Promise<StorefrontFacts> | null = null;
  private readonly configured: Pick<StorefrontFacts, 'protocols' | 'rules'>;

  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly clock: Clock,
    config: Pick<Config, 'gateway'>,
    private readonly refreshMs = STOREFRONT_REFRESH_MS,
  ) {
    this.configured = configuredFacts(config);
  }

  get(): Promise<StorefrontFacts> {
    const now = this.clock.now().getTime();
    if (this.kept && now - this.kept.at < this.refreshMs) return Promise.resolve(this.kept.facts);
    this.loading ??= this.load(now).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(now: number): Promise<StorefrontFacts> {
    const snapshot = await this.catalogue.get();
    // The same stock keeps the same object, so pages rendered from it are not rendered again.
    if (this.kept?.sumid === snapshot.sumid) {
      this.kept = { ...this.kept, at: now };
      return this.kept.facts;
    }
    const facts: StorefrontFacts = {
      success: true,
      stock: snapshot.facts,
      ...this.configured,
    };
    this.kept = { facts, sumid: snapshot.sumid, at: now };
    return facts;
  }
}
