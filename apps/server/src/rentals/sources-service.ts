/**
 * The many-addresses rule's lists for the shop's own gateways. Apart from rentals-service.ts so
 * the standalone gateway's bundle does not take in buying and renewing; the lock that keeps two
 * gateway processes from both admitting an address past the limit is taken inside settleSource.
 */
export { liveSources, settleSource, touchSource } from './sources-repository';
/** The lists of rentals a gateway node settles: what it reports, and what its snapshot carries. */
export { liveSourcesOfNode, recordNodeSources } from './sources-repository';
