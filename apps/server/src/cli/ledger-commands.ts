import process from 'node:process';
import { adjustBalanceEndpoint, BalanceAdjustRequestSchema, customerEndpoint, formatCents } from '@portal/contract';
import type { Command } from 'commander';
import { adjustCustomerBalance } from '../accounts/accounts-service';
import { verifyLedger } from '../ledger/ledger-service';
import { addReadCommand, asOperator, numberOrText, requestOf } from './cli-support';
import { counted } from './counted';

/**
 * `ledger verify` is no call of the API; what it prints (customers' ids and balances) is what the
 * roles that may read a customer see, so those roles may run it.
 */
const VERIFY_LEDGER = {
  operationId: 'verifyLedger',
  summary: 'Check every balance against its ledger',
  roles: customerEndpoint.roles,
};

/** The wallets' ledger: the check that balances add up, and the operator's adjustment. */
export function addLedgerCommands(program: Command): void {
  const ledger = program.command('ledger').description('wallet balances and their ledger');

  addReadCommand(
    ledger,
    {
      name: 'verify',
      description: 'check that every balance equals the sum of its ledger rows (exit 1 if not)',
      endpoint: VERIFY_LEDGER,
    },
    verifyLedger,
    ({ usersChecked, mismatches }) => {
      if (mismatches.length === 0) {
        console.log(`Ledger OK: ${counted(usersChecked, 'account')}, every balance equals the sum of its ledger rows.`);
        return;
      }
      console.error(`Ledger MISMATCH in ${mismatches.length} of ${counted(usersChecked, 'account')}:`);
      for (const m of mismatches) {
        console.error(
          `  customer ${m.userId}: balance ${formatCents(m.balanceCents)}, ledger sum ${formatCents(m.ledgerSumCents)}, difference ${formatCents(m.balanceCents - m.ledgerSumCents)}`,
        );
      }
      process.exitCode = 1;
    },
  );

  ledger
    .command('adjust')
    .description("change a customer's balance with a reason (a ledger row); never below zero")
    .requiredOption('--user <id-or-referral-key>', 'the customer')
    .requiredOption('--amount <dollars>', 'signed amount, e.g. 5 or -2.50', numberOrText)
    .requiredOption('--reason <text>', 'why (kept in the ledger)')
    .action(async (options: { user: string; amount: number | string; reason: string }) => {
      const input = requestOf(BalanceAdjustRequestSchema, {
        customer: options.user,
        amount: options.amount,
        reason: options.reason,
      });
      const { balanceCents } = await asOperator(adjustBalanceEndpoint, (deps, actor) =>
        adjustCustomerBalance(deps, actor, input),
      );
      console.log(`Balance is now ${formatCents(balanceCents)}.`);
    });
}
