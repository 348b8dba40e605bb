import { Fragment, type ReactNode } from 'react';

/** A column heading; false leaves the column out (an "Actions" column for editors only). */
export type AdminColumn = string | { label: string; title: string } | false;

interface AdminTableProps<Row> {
  /** "manifest" → #manifest-table, captioned by #manifest-caption */
  id: string;
  /** A class besides admin-table */
  className?: string;
  /** Read by screen readers, and the name of the scrolling region */
  caption: string;
  columns: AdminColumn[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** One <tr>, its first cell usually a <th scope="row"> */
  row: (row: Row, index: number) => ReactNode;
  /** Said instead of an empty table; without it the table shows with no rows */
  empty?: string;
}

/**
 * A back-office table: it scrolls on its own on a narrow screen, and a keyboard can reach
 * it to do so (the region is named by the caption).
 */
export function AdminTable<Row>({ id, className, caption, columns, rows, rowKey, row, empty }: AdminTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p className="empty">{empty}</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table id={`${id}-table`} className={className ? `admin-table ${className}` : 'admin-table'}>
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column === false ? null : typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" title={column.title}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((item, i) => (
            <Fragment key={rowKey(item)}>{row(item, i)}</Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
