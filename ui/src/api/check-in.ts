// The departure check-in's calls (docs/admin.md): look a ticket up by its code, record
// how many of a booking's participants came, undo that. The page decides the alerts.
import type { CheckInTicket } from '../props';
import { apiPath, request, type ApiResponse } from './client';

export interface TicketAnswer {
  ticket: CheckInTicket;
}

/** The code as typed or scanned: the server ignores case, spaces and dashes. */
export function lookUpTicket(tourId: string, date: string, code: string): Promise<ApiResponse<TicketAnswer>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'tickets', 'lookup'), { code });
}

/** arrived: 0 to the booking's participants; 0 records a no-show. */
export function checkIn(tourId: string, date: string, bookingId: string, arrived: number): Promise<ApiResponse<TicketAnswer>> {
  return request('POST', apiPath('api/v1/tours', tourId, 'departures', date, 'check-ins'), { bookingId, arrived });
}

export function undoCheckIn(tourId: string, date: string, bookingId: string): Promise<ApiResponse<TicketAnswer>> {
  return request('DELETE', apiPath('api/v1/tours', tourId, 'departures', date, 'check-ins', bookingId));
}
