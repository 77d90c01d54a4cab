import {
  centsToDollars,
  type CustomerDetail,
  type LedgerKind,
  type RentalStatus,
  CUSTOMER_DETAIL_ROWS,
} from '@portal/contract';
import type { Queryable } from '../db/client';
import { DomainError } from '../errors';
import { newestLedgerRows } from '../ledger/ledger-service';
import { paymentsOf } from '../payments/payments-service';
import { rentalsWithAddressOf } from '../rentals/rentals-service';
import { findCustomerSummary } from './customers-repository';

/**
 * The operator's view of one customer (the console and the command line): the summary from this
 * area, and the newest rows each other area keeps of them, asked of that area's service. Amounts
 * leave as dollars.
 */

export async function customerDetail(db: Queryable, id: number): Promise<Omit<CustomerDetail, 'success'>> {
  const customer = await findCustomerSummary(db, id);
  if (!customer) throw new DomainError('USER_NOT_FOUND', { message: `No customer with id ${id}` });

  const ledger = await newestLedgerRows(db, id, CUSTOMER_DETAIL_ROWS);
  const rentalRows = await rentalsWithAddressOf(db, id, CUSTOMER_DETAIL_ROWS);
  const paymentRows = await paymentsOf(db, id, CUSTOMER_DETAIL_ROWS);

  return {
    customer,
    ledger: ledger.map((row) => ({
      id: row.id,
      kind: row.kind as LedgerKind,
      amount: centsToDollars(row.amountCents),
      balanceAfter: centsToDollars(row.balanceAfterCents),
      reason: row.reason,
      rentalId: row.rentalId,
      paymentId: row.paymentId,
      createdAt: row.createdAt.toISOString(),
    })),
    rentals: rentalRows.map(({ rental, ip, port, country }) => ({
      id: rental.id,
      proxyId: rental.proxyId,
      ip,
      port,
      country,
      status: rental.status as RentalStatus,
      hours: rental.hours,
      createdAt: rental.createdAt.toISOString(),
      endTime: rental.endTime.toISOString(),
      bytesUp: rental.bytesUp,
      bytesDown: rental.bytesDown,
    })),
    payments: paymentRows.map((row) => ({
      id: row.id,
      provider: row.provider,
      method: row.method,
      amount: centsToDollars(row.amountCents),
      status: row.status,
      providerStatus: row.providerStatus,
      credited: row.creditedCents === null ? null : centsToDollars(row.creditedCents),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
