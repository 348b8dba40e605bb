// /admin/calendar?month=&day=&tour=&guide=: a month or a day of departures (docs/admin.md).
// Everything is a link or a GET form, so it works before (and without) JavaScript.
// Ids for browser tests: #admin-nav, #calendar-filter, #calendar-tour, #calendar-guide,
// #calendar-prev, #calendar-next, #calendar-today, #calendar-month (the month's grid;
// each day .calendar-day with data-date, its day link .calendar-day__link, each
// departure .calendar-departure), #calendar-day-table (the day view), its manifest
// links .calendar-manifest.
import { AdminNav } from '../components/admin/admin-nav';
import { AdminTable } from '../components/admin/admin-table';
import { DepartureSeatCells } from '../components/admin/departure-seats';
import type { CalendarDay, IDName, PageProps } from '../props';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type CalendarProps = PageProps['adminCalendar'];

interface FilterSelectProps {
  id: string;
  label: string;
  name: string;
  /** The first option, which filters nothing */
  all: string;
  options: IDName[];
  value: string;
}

function FilterSelect({ id, label, name, all, options, value }: FilterSelectProps) {
  return (
    <div className="form__group">
      <label className="form__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="form__input" name={name} defaultValue={value}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters({ view, month, day, filters, tours, guides }: CalendarProps) {
  return (
    <form id="calendar-filter" className="admin-search" method="get" action="/admin/calendar" role="search" aria-label="Filter departures">
      {view === 'day' ? <input type="hidden" name="day" value={day} /> : <input type="hidden" name="month" value={month} />}
      <FilterSelect id="calendar-tour" label="Tour" name="tour" all="All tours" options={tours} value={filters.tour} />
      {guides.length > 0 ? <FilterSelect id="calendar-guide" label="Guide" name="guide" all="All guides" options={guides} value={filters.guide} /> : null}
      <button type="submit" className="btn btn--primary">
        Filter
      </button>
    </form>
  );
}

function Day({ day }: { day: CalendarDay }) {
  const classes = ['calendar-day'];
  if (!day.inMonth) classes.push('calendar-day--other');
  if (day.today) classes.push('calendar-day--today');
  if (day.departures.length === 0) classes.push('calendar-day--empty');
  return (
    <li className={classes.join(' ')} data-date={day.date}>
      <a className="calendar-day__link" href={day.url} aria-label={`${day.label}: ${day.departures.length === 1 ? '1 departure' : `${day.departures.length} departures`}`}>
        <span className="calendar-day__number">{day.number}</span>
        <span className="calendar-day__label">{day.label}</span>
      </a>
      {day.departures.length > 0 ? (
        <ul className="calendar-day__departures">
          {day.departures.map((d) => (
            <li key={d.tourId} className={`calendar-departure calendar-departure--${d.status}`}>
              <a href={d.manifestUrl}>
                <span className="calendar-departure__tour">{d.tourName}</span>
                <span className="calendar-departure__time">{d.startTimeLabel}</span>
              </a>
              <span className="calendar-departure__seats">
                {d.status === 'open' ? `${d.left} left of ${d.capacity}` : d.statusLabel}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function AdminCalendarPage(props: CalendarProps) {
  const { view, monthLabel, dayLabel, prevUrl, nextUrl, monthUrl, todayUrl, weeks, departures } = props;
  const isDay = view === 'day';
  return (
    <div className="admin">
      <AdminNav current="calendar" exact={!isDay} />
      <h1 className="page-title">{isDay ? dayLabel : `Calendar: ${monthLabel}`}</h1>
      <Filters {...props} />
      <nav className="calendar-nav" aria-label={isDay ? 'Days' : 'Months'}>
        <a id="calendar-prev" className="btn btn--small" href={prevUrl}>
          {isDay ? 'Previous day' : 'Previous month'}
        </a>
        {isDay ? (
          <a id="calendar-month-link" className="btn btn--small" href={monthUrl}>
            {`All of ${monthLabel}`}
          </a>
        ) : null}
        <a id="calendar-today" className="btn btn--small" href={todayUrl}>
          This month
        </a>
        <a id="calendar-next" className="btn btn--small" href={nextUrl}>
          {isDay ? 'Next day' : 'Next month'}
        </a>
      </nav>

      {isDay ? (
        <AdminTable
          id="calendar-day"
          caption={`Departures on ${dayLabel}, with their manifests`}
          columns={['Tour', 'Start time', 'Meeting point', 'Sold', 'Held', 'Left / capacity', 'Status', 'Check-in']}
          rows={departures}
          rowKey={(d) => d.tourId}
          row={(d) => (
            <tr>
              <th scope="row">
                <a className="calendar-manifest" href={d.manifestUrl}>
                  {d.tourName}
                  <span className="visually-hidden">{`, manifest of ${d.label}`}</span>
                </a>
              </th>
              <td>{d.startTimeLabel}</td>
              <td>{d.meetingPoint}</td>
              <DepartureSeatCells departure={d} />
              <td>
                {d.status === 'cancelled' ? null : (
                  <a href={d.checkInUrl}>
                    Check-in<span className="visually-hidden">{` for ${d.tourName}`}</span>
                  </a>
                )}
              </td>
            </tr>
          )}
          empty="No departures on this day."
        />
      ) : (
        <>
          <ol id="calendar-month" className="calendar-month" aria-label={monthLabel}>
            {WEEKDAYS.map((w) => (
              <li key={w} className="calendar-month__weekday" aria-hidden="true">
                {w.slice(0, 3)}
              </li>
            ))}
            {weeks.flat().map((day) => (
              <Day key={day.date} day={day} />
            ))}
          </ol>
          {departures.length === 0 ? <p className="empty">No departures this month.</p> : null}
        </>
      )}
    </div>
  );
}
