package booking

import "context"

// Notifier hears of bookings made, changed and cancelled, once the change has committed
// (notify.Service emails the operator and the departure's guides). The booking, refund
// and back-office services call it; it never fails its caller.
type Notifier interface {
	// BookingNew: a booking is paid, online or recorded by an operator.
	BookingNew(ctx context.Context, bookingID string)
	// BookingChanged: a booking's travellers, departure or contact changed; key names
	// the change (the same key twice is one news), what says it in plain words.
	BookingChanged(ctx context.Context, bookingID, key, what string)
	// BookingCancelled: a booking is cancelled, by an operator, with its departure, or
	// by its traveller.
	BookingCancelled(ctx context.Context, bookingID string)
}

// NoNotifier hears nothing: services built without a Notifier use it.
type NoNotifier struct{}

func (NoNotifier) BookingNew(context.Context, string)                     {}
func (NoNotifier) BookingChanged(context.Context, string, string, string) {}
func (NoNotifier) BookingCancelled(context.Context, string)               {}
