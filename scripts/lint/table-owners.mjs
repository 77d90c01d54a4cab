import path from 'node:path';

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
 */
const WRITES = new Set(['insert', 'update', 'delete']);
const RAW_WRITE = /\b(UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s*$/i;

/** @param {string} serverSrc absolute path of apps/server/src */
export function tableOwnersPlugin(serverSrc) {
  const tablesDir = path.join(serverSrc, 'db', 'tables');
  return {
    rules: {
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
              const source = node.source.value;
              if (typeof source !== 'string' || !source.startsWith('.')) return;
              const target = path.resolve(path.dirname(context.filename), source);
              if (path.dirname(target) !== tablesDir) return;
              const owner = path.basename(target).replace(/\.[cm]?[jt]s$/, '');
              for (const specifier of node.specifiers) owners.set(specifier.local.name, owner);
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
