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

/** The longest news title and text, in characters; a broadcast's title becomes a news title too. */
export const MAX_NEWS_TITLE_LENGTH = 300;
export const MAX_NEWS_CONTENT_LENGTH = 20_000;

export const NewsAddRequestSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(MAX_NEWS_TITLE_LENGTH),
  content: z.string().trim().min(1, 'content is required').max(MAX_NEWS_CONTENT_LENGTH),
  date: z.iso.date('date must be a date (YYYY-MM-DD)'),
  important: z.boolean().default(false),
});
export type NewsAddRequest = z.input<typeof NewsAddRequestSchema>;

export const NewsAddResponseSchema = successResponse({ news: NewsItemSchema });
export const NewsDeleteResponseSchema = successResponse({});
export const NewsIdParamsSchema = z.object({ id: boundedText(100) });
