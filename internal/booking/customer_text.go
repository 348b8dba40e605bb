package booking

// CustomerText is words an operator wrote for the customer (a departure's cancellation
// message): the only operator text an email about a booking may carry. Internal notes
// and reasons are plain strings kept in the booking's history, and the mailers take
// this type alone, so a note cannot reach an email without a conversion spelled out in
// the code.
type CustomerText string
