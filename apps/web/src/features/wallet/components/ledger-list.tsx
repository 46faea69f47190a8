import { type LedgerEntry, ledgerLabel } from '@app/contract';
import { Empty } from 'antd';
import { useState } from 'react';
import { ResponsiveList } from '@/components/responsive-list';
import { formatDateTime } from '@/lib/format';
import { useLedger } from '../api/get-ledger';
import './ledger-list.css';

const PAGE_SIZE = 20;

/** The credit ledger, newest first, paged: every change of the balance and the balance after it. */
export function LedgerList() {
  const [page, setPage] = useState(1);
  const query = useLedger({ page, pageSize: PAGE_SIZE });
  return (
    <ResponsiveList<LedgerEntry>
      query={query}
      rowKey={(entry) => entry.id}
      empty={<Empty description="还没有点数变动记录" style={{ padding: '48px 0' }} />}
      // Two lines per entry read well at every width: rows, no table.
      cardsAs="ul"
      cardsClassName="ledger-list"
      renderCard={(entry) => (
        <li className="ledger-list__item">
          <div className="ledger-list__main">
            <div className="ledger-list__label">{ledgerLabel(entry)}</div>
            <div className="ledger-list__time">{formatDateTime(entry.createdAt)}</div>
          </div>
          <div className="ledger-list__amounts">
            <div className={entry.delta > 0 ? 'ledger-list__delta is-in' : 'ledger-list__delta is-out'}>
              {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
            </div>
            <div className="ledger-list__after">余额 {entry.balanceAfter}</div>
          </div>
        </li>
      )}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      pagerClassName="ledger-list__pager"
    />
  );
}
