import { UsageJournal } from '../src/gateway/node/usage-journal';

/**
 * A process that appends usage batches to a journal as fast as it can and prints each batch's
 * number once append has returned (written and fsynced): the test kills it with SIGKILL and
 * checks that every printed batch is on disk.
 */
const journal = new UsageJournal(process.argv[2]!);
let rentalId = 1;
const next = () => {
  const batch = journal.append({
    at: new Date().toISOString(),
    entries: [{ rentalId, hour: '2026-01-15T12:00:00.000Z', up: 100, down: 1000 }],
    active: [rentalId],
  });
  process.stdout.write(`${batch.batch}\n`);
  rentalId += 1;
  setImmediate(next);
};
next();
