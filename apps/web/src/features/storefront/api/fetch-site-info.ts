import { siteInfoEndpoint, type SiteInfo } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

export function getSiteInfo({ signal }: { signal?: AbortSignal } = {}): Promise<SiteInfo> {
  return callEndpoint(siteInfoEndpoint, { signal });
}
