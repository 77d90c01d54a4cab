import process from 'node:process';
import { createInterface } from 'node:readline/promises';
import { disableProxyEndpoint, ProxyIdParamsSchema } from '@portal/contract';
import type { Command } from 'commander';
import { type DisableOutcome, disableProxyBy } from '../inventory/proxy-disable';
import { asOperator, requestOf } from './cli-support';
import { counted } from './counted';

const rentalsText = (count: number) => counted(count, 'active rental');

/**
 * A person at a terminal is asked before cutting off rentals (n, y, or r to disable and replace);
 * a script (no terminal) gets what it asked for, as before, and the count in the output.
 */
async function confirm(id: number, affected: number): Promise<'no' | 'yes' | 'replace'> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(
      `Proxy ${id} is held by ${rentalsText(affected)}: disabling cuts off its renter. Disable? [y = yes, r = disable and replace, N = no] `,
    );
    const word = answer.trim().toLowerCase();
    if (word === 'y' || word === 'yes') return 'yes';
    if (word === 'r' || word === 'replace') return 'replace';
    return 'no';
  } finally {
    prompt.close();
  }
}

function report(id: number, outcome: DisableOutcome): string {
  if (outcome.dryRun) return `Proxy ${id} is held by ${rentalsText(outcome.affectedRentals)}; nothing was changed.`;
  const moved = outcome.affectedRentals > 0 ? `; ${outcome.replaced} moved to a replacement` : '';
  return `Proxy ${id} disabled: ${rentalsText(outcome.affectedRentals)} affected${moved}.`;
}

export function addDisableCommand(proxies: Command): void {
  proxies
    .command('disable <id>')
    .description('take a proxy out of the catalogue (its renter is notified and may replace it or ask for a refund)')
    .option('--replace', 'move each connected rental to a comparable healthy proxy, free of charge')
    .option('--dry-run', 'only count the active rentals it would affect')
    .option('--yes', 'do not ask, even at a terminal')
    .action(async (id: string, options: { replace?: boolean; dryRun?: boolean; yes?: boolean }) => {
      const params = requestOf(ProxyIdParamsSchema, { id });
      const message = await asOperator(disableProxyEndpoint, async (deps, actor) => {
        let replace = options.replace === true;
        const preview = await disableProxyBy(deps, actor, params.id, { dryRun: true });
        if (options.dryRun) return report(params.id, preview);
        if (preview.affectedRentals > 0 && !replace && !options.yes && process.stdin.isTTY) {
          const answer = await confirm(params.id, preview.affectedRentals);
          if (answer === 'no') return `Proxy ${params.id} left as it was.`;
          replace = answer === 'replace';
        }
        return report(params.id, await disableProxyBy(deps, actor, params.id, { replace }));
      });
      console.log(message);
    });
}
