package shop

import (
	"time"

	o "example/order"
)

// Size is a local string type with constants.
type Size string

const (
	Small Size = "S"
	Large Size = "L"
)

// Base is embedded.
type Base struct {
	ID string `json:"id"`
}

// Item is what the test writes.
type Item struct {
	Base
	// Name is the item's name.
	Name   string         `json:"name"`
	Count  int            `json:"count,omitempty"`
	Price  float64        `json:"price"` // in euros
	Sold   bool           `json:"sold"`
	At     time.Time      `json:"at"`
	Next   *string        `json:"next"`
	Tags   []string       `json:"tags"`
	Point  [2]float64     `json:"point"`
	Extra  map[string]int `json:"extra"`
	Status o.Status       `json:"status"`
	Kind   o.Kind         `json:"kind"`
	Size   Size           `json:"size"`
	Filter string         `json:"filter" tstype:"Size | ''"`
	Maybe  []*Base        `json:"maybe"`
	Inline struct {
		A int `json:"a"`
	} `json:"inline"`
	Any     any    `json:"any"`
	Hidden  string `json:"-"`
	private string
	NoTag   string
}

// Empty is nothing.
type Empty struct{}

// Skipped is not written.
//
//tsgen:skip
type Skipped struct {
	X int `json:"x"`
}

type unexported struct{}
