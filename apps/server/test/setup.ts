import { afterEach, expect } from 'vitest';
import { takeDocumentViolations } from './document-check';

// Every answer a test received must be one the API document describes (test/document-check.ts).
afterEach(() => {
  expect(takeDocumentViolations(), 'answers the API document does not describe').toEqual([]);
});
