import type { RowProblem } from '@portal/contract';
import type { Queryable } from '../db/client';
import { importRejected, type ImportRow } from '../inventory/inventory-import';
import { liveNodesNamed } from './node-repository';

/**
 * An import's `node` names (each row's, or the batch's for rows without one) as node ids, read in the import's transaction. A name that is no live
 * node refuses the whole import with every such row named: a typo must not quietly put proxies
 * on the shop's own gateway, nor a revoked node's name on a node nobody runs.
 */
export async function withNodeIds(
  tx: Queryable,
  given: ImportRow[],
  rowNumbers: number[] = given.map((_, index) => index + 1),
  batchNode?: string,
): Promise<ImportRow[]> {
  // The batch's node is the default of every row that names none, in any format.
  const rows = batchNode ? given.map((row) => (row.node ? row : { ...row, node: batchNode })) : given;
  const names = [...new Set(rows.map((row) => row.node).filter((name): name is string => Boolean(name)))];
  if (names.length === 0) return rows;
  const found = await liveNodesNamed(tx, names);
  const ids = new Map(found.map((node) => [node.name, node.id]));
  const problems: RowProblem[] = [];
  const resolved = rows.map((row, index) => {
    if (!row.node) return row;
    const nodeId = ids.get(row.node);
    if (nodeId === undefined) {
      problems.push({
        row: rowNumbers[index] ?? index + 1,
        field: 'node',
        message: `no gateway node is named ${row.node}`,
      });
    }
    return { ...row, nodeId: nodeId ?? null };
  });
  if (problems.length > 0) throw importRejected(problems);
  return resolved;
}
