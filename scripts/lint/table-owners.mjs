import path from 'node:path';
import { PLUMBING } from './area-surface.mjs';

/**
 * Each table is declared in `apps/server/src/db/tables/<area>.ts`, and only that area writes it:
 * the rules that go with a write (locks, audit rows, cache bumps, notices) live in the owner's
 * service, so a write from elsewhere could skip them. Reads may join any table (one indexed query
 * over the shop's one database, where asking each owner would be a query per row).
 *
 * The rule knows a table's owner from the file it is imported from, and refuses, in code under
 * `apps/server/src/<area>/`, `x.insert(t)`, `x.update(t)` and `x.delete(t)` and raw SQL that
 * starts `UPDATE`, `INSERT INTO` or `DELETE FROM` before `${t}`, where `t` is another area's table.
 * Code in `db/` (the query pieces several areas share) writes no table at all.
 *
 * Reads of another area's table are the exception, not the rule: `reads-listed` refuses, in an
 * area's code, an import from another area's table file unless `CROSS_AREA_READS` names that file
 * and that area, with why the read cannot be a call to the owner's service.
 */
const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * The read models: per file (path under `apps/server/src`, without `.ts`), the other areas whose
 * tables it reads, and why. Each is one indexed query joining the reader's own rule with the other
 * area's rows; asking the owner instead would be a query per row, or the owner holding the
 * reader's rule.
 */
export const CROSS_AREA_READS = {
  'catalogue/catalogue-repository': { inventory: 'the free list: enabled, listed proxies no rental holds' },
  'gateway/access-repository': {
    inventory: "a rental's access carries its proxy's upstream and address",
    rentals: 'the gateway lets in the rentals that hold a proxy, by username or own port',
  },
  'ledger/ledger-repository': {
    accounts: 'the ledger check compares each balance with the sum of its rows',
    payments: 'deposits are summed by the provider of their payment',
  },
  'nodes/node-repository': {
    inventory: "a node's stream carries the rentals of its own proxies, with their upstreams",
    rentals: "a node's stream carries the rentals that hold its proxies",
  },
  'notices/notices-repository': {
    inventory: "a notice's rental label names the rental's proxy",
    rentals: "a notice's rental label is made of the rental and its proxy",
  },
  'notices/operator-alerts-repository': { admin: 'alerts go to the chats of operators not removed, by role' },
  'rentals/rental-lifecycle-repository': { inventory: 'health checks are claimed for rentals whose proxy is stale' },
  'rentals/rentals-repository': {
    inventory: 'a rental is read with its proxy for its credentials, the history and the console',
    nodes: "a rental's credentials name the node serving its proxy",
  },
  'rentals/sources-repository': {
    inventory: "a node's snapshot carries the address lists of the rentals that hold its proxies",
  },
  'replacements/replacement-repository': {
    inventory: "a replacement's candidate is a free proxy like the failing one",
    rentals: 'automatic replacements pick connected rentals whose proxy keeps failing',
  },
};
const RAW_WRITE = /\b(UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s*$/i;

/** @param {string} serverSrc absolute path of apps/server/src */
export function tableOwnersPlugin(serverSrc) {
  const tablesDir = path.join(serverSrc, 'db', 'tables');
  /** The area owning the table file an import names (`db/tables/<area>`), or undefined for any other import. */
  const tableOwnerOf = (filename, source) => {
    if (typeof source !== 'string' || !source.startsWith('.')) return undefined;
    const target = path.resolve(path.dirname(filename), source);
    if (path.dirname(target) !== tablesDir) return undefined;
    return path.basename(target).replace(/\.[cm]?[jt]s$/, '');
  };
  return {
    rules: {
      'reads-listed': {
        meta: {
          type: 'problem',
          docs: { description: "An area reads another area's tables only where CROSS_AREA_READS says why." },
          messages: {
            read: "`{{file}}` reads the {{owner}} area's tables: call the {{owner}} area's service, or list this read model in CROSS_AREA_READS (scripts/lint/table-owners.mjs) with why.",
          },
          schema: [],
        },
        create(context) {
          const relative = path.relative(serverSrc, context.filename);
          if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
          const area = relative.split(path.sep)[0];
          // A test may read any table to check what the code under test wrote.
          if (PLUMBING.includes(area) || !relative.includes(path.sep) || /\.test\.[cm]?[jt]sx?$/.test(relative)) {
            return {};
          }
          const file = relative
            .replace(/\.[cm]?[jt]sx?$/, '')
            .split(path.sep)
            .join('/');
          const listed = CROSS_AREA_READS[file] ?? {};
          return {
            ImportDeclaration(node) {
              const owner = tableOwnerOf(context.filename, node.source.value);
              if (owner && owner !== area && !Object.hasOwn(listed, owner)) {
                context.report({ node, messageId: 'read', data: { file, owner } });
              }
            },
          };
        },
      },
      'writes-by-owner': {
        meta: {
          type: 'problem',
          docs: { description: "Only the area that owns a table writes it; others call that area's service." },
          messages: {
            write:
              "`{{table}}` belongs to the {{owner}} area, which alone writes it: call the {{owner}} area's service.",
          },
          schema: [],
        },
        create(context) {
          const relative = path.relative(serverSrc, context.filename);
          if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
          const area = relative.split(path.sep)[0];
          /** local name -> owning area, for every table imported from db/tables/ */
          const owners = new Map();
          const foreignOwner = (node) => {
            if (node?.type !== 'Identifier') return undefined;
            const owner = owners.get(node.name);
            return owner && owner !== area ? owner : undefined;
          };
          const report = (node, owner) =>
            context.report({ node, messageId: 'write', data: { table: node.name, owner } });
          return {
            ImportDeclaration(node) {
              const owner = tableOwnerOf(context.filename, node.source.value);
              if (owner) for (const specifier of node.specifiers) owners.set(specifier.local.name, owner);
            },
            CallExpression(node) {
              const callee = node.callee;
              if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
              if (!WRITES.has(callee.property.name)) return;
              const table = node.arguments[0];
              const owner = foreignOwner(table);
              if (owner) report(table, owner);
            },
            TaggedTemplateExpression(node) {
              if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
              node.quasi.expressions.forEach((expression, i) => {
                const owner = foreignOwner(expression);
                if (owner && RAW_WRITE.test(node.quasi.quasis[i].value.cooked ?? '')) report(expression, owner);
              });
            },
          };
        },
      },
    },
  };
}
