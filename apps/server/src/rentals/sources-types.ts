/**
 * A rental's list of client addresses as the gateways and the node channel name it. Without
 * imports, so a gateway node (which has no database) takes nothing of the queries with it.
 */

export interface SourceRow {
  source: string;
  firstSeen: Date;
  lastSeen: Date;
}

/** Gateways hear of a cleared list on this channel (payload: the rental's id) and cut what it removed. */
export const RENTAL_SOURCES_CHANNEL = 'rental_sources';
