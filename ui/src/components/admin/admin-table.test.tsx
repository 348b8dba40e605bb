import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminTable, type AdminColumn } from './admin-table';

interface Seat {
  id: string;
  name: string;
}

const seats: Seat[] = [
  { id: 's-1', name: 'Laura Wilson' },
  { id: 's-2', name: 'Ben Hadley' },
];

function Seats({ rows = seats, columns = ['#', 'Name'], empty }: { rows?: Seat[]; columns?: AdminColumn[]; empty?: string }) {
  return (
    <AdminTable
      id="seats"
      className="seats-table"
      caption="Seats, first booked first"
      columns={columns}
      rows={rows}
      rowKey={(seat) => seat.id}
      row={(seat, i) => (
        <tr>
          <td className="admin-table__number">{i + 1}</td>
          <th scope="row">{seat.name}</th>
        </tr>
      )}
      empty={empty}
    />
  );
}

describe('AdminTable', () => {
  it('shows the rows in order under the column headings, named by its caption', () => {
    render(<Seats />);
    const table = screen.getByRole('table', { name: 'Seats, first booked first' });
    expect([table.id, table.className]).toEqual(['seats-table', 'admin-table seats-table']);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'Name']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['1Laura Wilson', '2Ben Hadley']);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Ben Hadley');
  });

  it('scrolls in a region a keyboard can reach, named as the table', () => {
    render(<Seats />);
    const region = screen.getByRole('region', { name: 'Seats, first booked first' });
    expect([region.className, region.tabIndex]).toEqual(['table-scroll', 0]);
  });

  it('leaves out a column given as false and gives a heading its title', () => {
    render(<Seats columns={['#', { label: 'Name', title: 'As booked' }, false]} />);
    const headings = screen.getAllByRole('columnheader');
    expect(headings.map((th) => th.textContent)).toEqual(['#', 'Name']);
    expect(headings[1]!.getAttribute('title')).toBe('As booked');
  });

  it('says its empty text instead of an empty table', () => {
    const { container } = render(<Seats rows={[]} empty="Nobody has booked yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.querySelector('p.empty')?.textContent).toBe('Nobody has booked yet.');
  });

  it('shows the table with no rows when it has no empty text (an editor adds rows to it)', () => {
    render(<Seats rows={[]} />);
    const table = screen.getByRole('table', { name: 'Seats, first booked first' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
  });
});
