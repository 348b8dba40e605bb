package order

// Status is where an order is.
type Status string

const (
	Open   Status = "open"
	Closed Status = "closed"
)

// Kind has no constants: it is a plain string.
type Kind string
