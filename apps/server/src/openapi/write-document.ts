// Writes the API document of every endpoint (`npm run api:document`), for linters and tools that
// read a file; the running server serves its own at /api/docs/json.
import fs from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '@portal/contract/registry';
import { openApiDocument } from './openapi-document';

const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? 'openapi.json');
const document = openApiDocument(ENDPOINTS, { serverUrl: process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080' });
fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${target}`);
