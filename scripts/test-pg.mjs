// The API integration suite on the PostgreSQL server of DATABASE_URL (default: the local one).
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extra = process.argv.slice(2);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extra], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, VITEST_JSON_REPORT: 'test-results/vitest-pg.json' },
});
process.exit(result.status ?? 1);
