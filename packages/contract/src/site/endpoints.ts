import { z } from 'zod';
import { defineEndpoint } from '../api/endpoint';
import { successResponse } from '../common/schemas';

export const SiteInfoResponseSchema = successResponse({
  /** SUPPORT_CONTACT: where customers write to; the Support page shows it. */
  supportContact: z.string(),
});
export type SiteInfo = z.infer<typeof SiteInfoResponseSchema>;

export const siteInfoEndpoint = defineEndpoint({
  operationId: 'getSiteInfo',
  method: 'GET',
  path: '/api/site',
  tag: 'accounts',
  summary: "The shop's settings the web app shows",
  description: 'Read at run time from the server (SUPPORT_CONTACT), so changing them needs no new build.',
  access: 'public',
  response: SiteInfoResponseSchema,
});
