import { z } from 'zod';
import { boundedText, successResponse } from '../common/schemas';

export const NewsItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  important: z.boolean(),
});
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsListResponseSchema = successResponse({ news: z.array(NewsItemSchema) });

export const NewsAddRequestSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(300),
  content: z.string().trim().min(1, 'content is required').max(20_000),
  date: z.iso.date('date must be a date (YYYY-MM-DD)'),
  important: z.boolean().default(false),
});
export type NewsAddRequest = z.input<typeof NewsAddRequestSchema>;

export const NewsAddResponseSchema = successResponse({ news: NewsItemSchema });
export const NewsDeleteResponseSchema = successResponse({});
export const NewsIdParamsSchema = z.object({ id: boundedText(100) });
